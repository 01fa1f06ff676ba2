//! A number with its unit and a tooltip (hover or keyboard focus) naming its source.

use leptos::prelude::*;

/// `text` shown; `tip` on hover/focus (unit, formula, citation).
#[component]
pub fn Num(#[prop(into)] text: String, #[prop(into)] tip: String) -> impl IntoView {
    view! { <span class="num" tabindex="0" data-tip=tip.clone() title=tip>{text}</span> }
}
