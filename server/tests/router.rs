//! In-process router tests: page, API and errors through `router(state)` with `oneshot`.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use server::storage::sqlite::SqliteStore;
use server::{router, AppState, Limits};
use tower::ServiceExt;

fn app() -> axum::Router {
    let store = std::sync::Arc::new(SqliteStore::in_memory().expect("store"));
    let state = AppState::load(&ingest::bundled_data_dir(), "target/site", "127.0.0.1:0".parse().expect("addr"), store).expect("bundled data loads");
    router(state, Limits::default())
}

async fn get(uri: &str) -> (StatusCode, String) {
    let res = app().oneshot(Request::builder().uri(uri).body(Body::empty()).expect("request")).await.expect("response");
    let status = res.status();
    let bytes = res.into_body().collect().await.expect("body").to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn share_link_renders_the_whole_plan_server_side() {
    let (status, html) = get("/?mbps=200&size=100&retention_h=72&needs=transactions,delay&kind=business").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("id=\"rec-h\""), "recommendation heading");
    assert!(html.contains("data-system=\"rocketmq\""), "business + transactions → RocketMQ");
    assert!(html.contains("How the choice was made"));
    assert!(html.contains("src=\"/api/v1/chart/bounds.svg?"), "charts are server-drawn images");
    assert!(html.contains("id=\"mqplan-catalog\""), "catalog embedded for hydration");
    // The form shows the query's values.
    assert!(html.contains("name=\"size\" value=\"100\""), "form keeps the query");
}

/// A Pravega plan's page says its retention is all in object storage, not "Retained /
/// provisioned 0 MB / 0 MB" (a stop-37 reviewer).
#[tokio::test]
async fn a_plan_whose_retention_is_all_in_object_storage_says_so() {
    let (status, html) = get("/?mbps=200&size=1024&retention_h=72&team=dedicated&needs=autoscale").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("data-system=\"pravega\""), "autoscale + a team → Pravega");
    // (Hydration markers `<!>` sit between a text and the value inside it.)
    let text = html.replace("<!>", "");
    let at = text.find("Retained / provisioned").unwrap_or(0);
    assert!(text.contains("none on the nodes (bookies, which hold only the journal): all in object storage"), "storage row: {}", &text[at..(at + 400).min(text.len())]);
    let (_, kafka) = get("/?mbps=200&size=1024&retention_h=72").await;
    assert!(!kafka.contains("none on the nodes"), "a plan keeping its retention shows its bytes");
}

#[tokio::test]
async fn invalid_field_shows_a_message_beside_it_not_a_500() {
    let (status, html) = get("/?size=abc&rf=0").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("Fix the highlighted fields"));
    assert!(html.contains("must be a number, got &quot;abc&quot;") || html.contains("must be a number, got \"abc\""));
    assert!(html.contains("class=\"field invalid\""));
}

#[tokio::test]
async fn api_plan_has_the_stable_json_names() {
    let (status, body) = get("/api/v1/plan?mbps=200&size=1024&retention_h=72").await;
    assert_eq!(status, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    for k in ["system", "nodes", "roles", "disk_per_node_gb", "bottleneck"] {
        assert!(v["recommendation"].get(k).is_some(), "recommendation.{k}");
    }
    for k in ["retained_bytes", "provisioned_bytes"] {
        assert!(v["storage"][k].as_f64().is_some(), "storage.{k}");
    }
    assert!(v["candidates"].as_array().is_some_and(|a| a.len() == 4));
    assert!(v["decision_path"].as_array().is_some_and(|a| !a.is_empty()));
    assert!(v["warnings"].is_array());
    // seed 003 §5.2 arithmetic: 200 MB/s × 72 h × RF 3 = 155.52 TB retained, and since
    // stop 38 each 1 KB message's record fields (Kafka 7 B): × 1,031 ÷ 1,024.
    assert_eq!(v["recommendation"]["system"], "kafka");
    assert!((v["storage"]["retained_bytes"].as_f64().unwrap_or(0.0) - 155.52e12 * 1031.0 / 1024.0).abs() < 1e6);
    let total: u64 = v["recommendation"]["roles"].as_array().map(|r| r.iter().map(|x| x["machines"].as_u64().unwrap_or(0)).sum()).unwrap_or(0);
    assert_eq!(Some(total), v["recommendation"]["nodes"].as_u64(), "nodes = sum of role machines");
}

#[tokio::test]
async fn api_errors_are_400_json_naming_the_field() {
    let (status, body) = get("/api/v1/plan?size=-5&durability=all&bogus=1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    let fields: Vec<&str> = v["fields"].as_array().expect("fields").iter().filter_map(|f| f["field"].as_str()).collect();
    assert!(fields.contains(&"size") && fields.contains(&"durability") && fields.contains(&"bogus"), "{fields:?}");
    let (status, body) = get("/api/v1/plan?size=%FF%FE").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn datasets_list_rows_with_citations() {
    let (status, body) = get("/api/v1/datasets").await;
    assert_eq!(status, StatusCode::OK);
    let v: serde_json::Value = serde_json::from_str(&body).expect("json");
    let files = v["datasets"].as_array().expect("datasets");
    assert!(files.len() >= 5);
    for f in files {
        for r in f["dataset"]["rows"].as_array().expect("rows") {
            assert!(!r["citation"].as_str().unwrap_or("").is_empty(), "row {} cites", r["id"]);
        }
    }
}

#[tokio::test]
async fn unknown_paths_are_404() {
    let (status, _) = get("/no/such/page.txt").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Under /api/ the answer is the API's JSON error.
    let (status, body) = get("/api/v1/no-such-thing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&body).expect("json")["error"], "not_found");
}

#[tokio::test]
async fn hostile_inputs_found_by_the_adversarial_pass_stay_4xx_or_flagged() {
    // Once overflowed a u32 and closed the connection.
    let (status, body) = get("/api/v1/plan?disk_tb=0.000001").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("\"infeasible\""), "{}", &body[..200.min(body.len())]);
    let (status, _) = get("/?nic_gbps=0.000001").await;
    assert_eq!(status, StatusCode::OK);
    // A 16 MiB × 1e9 msg/s workload is refused on the field, not planned.
    let (status, body) = get("/api/v1/plan?msgs=1e9&size=16777216").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("\"field\":\"msgs\""));
    // Thousands of unknown names: the answer stays small.
    let q: String = (0..1000).map(|i| format!("a{i}=1&")).collect();
    let (status, body) = get(&format!("/api/v1/plan?{q}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.len() < 20_000, "error body is {} bytes", body.len());
    // Past 8 KiB the request target itself is refused, in the API's JSON shape.
    let q: String = (0..3000).map(|i| format!("a{i}=1&")).collect();
    let (status, body) = get(&format!("/api/v1/plan?{q}")).await;
    assert_eq!(status, StatusCode::URI_TOO_LONG);
    assert_eq!(serde_json::from_str::<serde_json::Value>(&body).expect("json")["error"], "uri_too_long");
    // Injection in a value is escaped in the page.
    let (_, html) = get("/?hw=%22%3E%3Csvg%20onload%3Dalert(1)%3E").await;
    assert!(!html.contains("<svg onload"));
    // Trunk's stub is not served.
    let (status, _) = get("/index.html").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// The drain line says when the backlog never drains at the lowest measured
/// catch-up rate (the default 50 MB/s: the JSON's `seconds_at_low` is null), not
/// only the expected time (a new user saw "16.1 min" alone).
#[tokio::test]
async fn the_drain_line_says_never_at_the_lowest_measured_rate() {
    let (_, json) = get("/api/v1/plan?mbps=50").await;
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let drain = &v["candidates"][0]["plan"]["drain"];
    assert!(drain["seconds"].is_number() && drain["seconds_at_low"].is_null(), "{drain}");
    let (status, html) = get("/?mbps=50").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("(never, at the lowest measured catch-up rate)"), "drain line");
}

/// A disk kind chosen without a figure plans with the preset's disk figure carried to
/// that kind (seed 000's SSD preset: 145.4 MB/s × 262 ÷ 450 for EBS = 84.7 MB/s), and
/// the form's placeholder shows that figure, not the preset's own.
#[tokio::test]
async fn the_disk_figure_shown_follows_the_disk_kind_chosen() {
    let placeholder = |html: &str| {
        let at = html.find("id=\"f-disk_mbps\"").expect("disk field");
        let tag = &html[at..at + html[at..].find('>').expect("tag end")];
        let p = tag.find("placeholder=\"").expect("placeholder") + "placeholder=\"".len();
        tag[p..p + tag[p..].find('"').expect("quote")].to_string()
    };
    let (_, ssd) = get("/").await;
    let (_, ebs) = get("/?disk=ebs").await;
    assert_eq!(placeholder(&ssd), "145.4");
    assert_eq!(placeholder(&ebs), "84.7");
}

/// A query's NUL and CR reach the page as a browser would read them (U+FFFD, LF),
/// never as raw bytes in its markup; the field is still refused.
#[tokio::test]
async fn a_query_s_nul_and_cr_never_reach_the_markup_raw() {
    let (status, html) = get("/?mbps=%00&size=%0D").await;
    assert_eq!(status, StatusCode::OK);
    assert!(!html.contains('\0') && !html.contains('\r'), "raw NUL or CR in the page");
    assert!(html.contains("Fix the highlighted fields"));
}

/// Where the throughput interval moves no machine (a plan the retention sizes: 31
/// machines at every end) the page says the count once, not "31 to 31"; where it
/// does (one hour of retention: the throughput sets the count: 4 expected, 10 at the
/// low end at stop 32), it gives both ends.
#[tokio::test]
async fn the_machine_interval_reads_once_when_its_ends_are_equal() {
    let (status, html) = get("/?mbps=300&size=1024&retention_h=24&hw=aws-i3en.2xlarge").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("31 expected; 31 at both ends of the 80 % interval"), "equal ends");
    assert!(!html.contains("31 to 31"), "said once");
    let (_, html) = get("/?mbps=300&size=1024&retention_h=1&hw=aws-i3en.2xlarge").await;
    let at = html.find(" across the 80 % interval").expect("differing ends");
    let words = &html[html[..at].rfind('>').map_or(0, |i| i + 1)..at];
    let n: Vec<u32> = words.split(|c: char| !c.is_ascii_digit()).filter_map(|x| x.parse().ok()).collect();
    assert!(n.len() == 3 && n[1] <= n[0] && n[0] < n[2], "expected, high-end and low-end counts: {words}");
}

/// A wrong method on a page path says so in words and keeps its `Allow` header (a
/// reviewer's `POST /` got a bare 405 with an empty body); under /api/ it stays JSON,
/// naming the method too.
#[tokio::test]
async fn a_wrong_method_on_a_page_says_which_methods_it_takes() {
    let res = app().oneshot(Request::builder().method("POST").uri("/").body(Body::empty()).expect("request")).await.expect("response");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(res.headers().get("allow").and_then(|v| v.to_str().ok()), Some("GET,HEAD"));
    assert!(res.headers().get("content-type").is_some_and(|v| v.as_bytes().starts_with(b"text/plain")));
    let body = res.into_body().collect().await.expect("body").to_bytes();
    assert_eq!(String::from_utf8_lossy(&body), "405 Method Not Allowed: this path does not take POST (the Allow header lists the methods it takes)\n");
    let res = app().oneshot(Request::builder().method("DELETE").uri("/api/v1/plan").body(Body::empty()).expect("request")).await.expect("response");
    assert_eq!(res.status(), StatusCode::METHOD_NOT_ALLOWED);
    // The API's JSON 405 keeps `Allow` and names the method (a stop-36 reviewer).
    assert_eq!(res.headers().get("allow").and_then(|v| v.to_str().ok()), Some("GET,HEAD"));
    let body = res.into_body().collect().await.expect("body").to_bytes();
    let v = serde_json::from_slice::<serde_json::Value>(&body).expect("json");
    assert_eq!(v["error"], "method_not_allowed");
    assert_eq!(v["message"], "this path does not take DELETE (the Allow header lists the methods it takes)");
}

/// The page embeds the catalog without the CPU fit's residuals (only the server-drawn
/// size chart reads them), and the browser's plan from it is the server's.
#[tokio::test]
async fn the_embedded_catalog_leaves_out_the_residuals_and_plans_as_the_server_does() {
    let (_, html) = get("/?mbps=200").await;
    let start = html.find("id=\"mqplan-catalog\">").expect("embedded") + "id=\"mqplan-catalog\">".len();
    let text = &html[start..start + html[start..].find("</script>").expect("closed")];
    // The server writes the text raw, no entities (catalog_context::embed).
    let page = app::catalog_context::unembed(text).expect("page data decodes");
    let t = page.catalog.throughput.as_ref().expect("corpus model");
    assert!(t.systems.iter().all(|s| s.cpu_residuals.is_empty()), "no residuals in the page");
    let (_, full) = ingest::load_catalog(&ingest::bundled_data_dir()).expect("data");
    assert!(full.throughput.as_ref().expect("model").systems.iter().any(|s| !s.cpu_residuals.is_empty()), "the server's catalog keeps them");
    let w = capacity::Workload::from_params([("mbps", "200")]).expect("workload");
    assert_eq!(capacity::plan(&page.catalog, &w).expect("plan"), capacity::plan(&full, &w).expect("plan"), "the browser plans as the server does");
}

/// With msg/s given, the MB/s field shows no greyed default: only one rate applies (a
/// stop-42 tester read "50" beside 5,000 msg/s as both).
#[tokio::test]
async fn the_mb_s_default_is_not_shown_beside_a_msg_s_rate() {
    let placeholder = |html: &str| {
        let at = html.find("id=\"f-mbps\"").expect("mbps field");
        let tag = &html[at..at + html[at..].find('>').expect("tag end")];
        tag.find("placeholder=\"").map(|p| tag[p + 13..p + 13 + tag[p + 13..].find('"').expect("quote")].to_string()).unwrap_or_default()
    };
    let (_, plain) = get("/").await;
    let (_, msgs) = get("/?msgs=5000").await;
    assert_eq!(placeholder(&plain), "50");
    assert_eq!(placeholder(&msgs), "");
}
