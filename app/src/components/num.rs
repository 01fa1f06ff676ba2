//! A number with its unit and a tooltip (hover or keyboard focus) naming its source.

use leptos::prelude::*;

/// `text` shown; `tip` on hover/focus (unit, formula, citation).
#[component]
pub fn Num(
    /// The number with its unit, as shown.
    #[prop(into)]
    text: String,
    /// Unit, formula and citation shown on hover or focus.
    #[prop(into)]
    tip: String,
) -> impl IntoView {
    let spoken = format!(" ({tip})");
    view! { <span class="num" tabindex="0" data-tip=tip>{text}<span class="sr-only">{spoken}</span></span> }
}
