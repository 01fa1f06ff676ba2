#![recursion_limit = "256"]
//! `mqplan`: serve the advisor, or plan / predict / fit from the command line.

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use server::cli::{run_fit, run_plan, run_predict, Cli, CliError, Command};
use server::config::Config;
use server::AppState;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(CliError::Usage(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(2)
        }
        Err(CliError::Refused) => ExitCode::from(2),
        Err(CliError::Runtime(m)) => {
            eprintln!("error: {m}");
            ExitCode::from(1)
        }
    }
}

/// What to do when the data directory is not there: the default (`./data`) is
/// relative to where mqplan runs, which is the repository root only by habit.
fn missing_data_hint(dir: &std::path::Path) -> String {
    if dir.exists() {
        return String::new();
    }
    // An absolute path is not relative to anything (a reviewer's /nonexistent read so).
    let relative = if dir.is_absolute() {
        String::new()
    } else {
        format!(" (relative to the current directory: {})", std::env::current_dir().map_or_else(|_| "unknown".to_string(), |d| d.display().to_string()))
    };
    format!("\nmqplan reads its recorded datasets from {}{relative}, which does not exist; run it from the repository root, or pass --data-dir <repo>/data or set MQPLAN_DATA_DIR", dir.display())
}

fn run(cli: Cli) -> Result<(), CliError> {
    let mut config = Config::from_env().map_err(CliError::Usage)?;
    if let Some(d) = cli.data_dir {
        config.data_dir = d;
    }
    let load = || ingest::load_catalog(&config.data_dir).map_err(|e| CliError::Runtime(format!("loading {}: {e}{}", config.data_dir.display(), missing_data_hint(&config.data_dir))));
    match cli.command {
        Command::Plan { workload, json } => {
            let pairs = workload.pairs();
            let sel = capacity::selection::DataSelection::from_params(pairs.iter().map(|(k, v)| (*k, v.as_str())))
                .map_err(|e| CliError::Usage(e.iter().map(|x| format!("--{}: {}", x.field, x.reason)).collect::<Vec<_>>().join("\n")))?;
            let catalog = if sel.is_reference_only() {
                load()?.1
            } else {
                let store = open_store(&config)?;
                let state = AppState::load(&config.data_dir, "target/site", config.addr, std::sync::Arc::new(store)).map_err(|e| CliError::Runtime(e.to_string()))?;
                let selected = state.select(&sel).map_err(|e| CliError::Runtime(e.to_string()))?;
                if let Some(n) = selected.page.notices.first() {
                    return Err(CliError::Usage(format!("--{}: {}", n.field, n.reason)));
                }
                selected.page.catalog.clone()
            };
            print(&run_plan(&catalog, &workload, json)?);
        }
        Command::Predict { system, nodes, cluster, json } => {
            let (_, catalog) = load()?;
            print(&run_predict(&catalog, &system, &nodes, &cluster, json)?);
        }
        Command::Import { file, format, meta, json } => {
            let store = open_store(&config)?;
            let (text, imported) = match server::cli::run_import(&store, &file, config.max_upload_bytes(), format.as_deref(), &meta, json) {
                // Refused before parsing (no file, a directory, over the cap): with --json
                // the refusal is JSON too, in the report's shape (a stop-29 tester got text).
                Err(e @ (CliError::Usage(_) | CliError::Runtime(_))) if json => {
                    let report = ingest::upload::ImportReport { errors: vec![ingest::upload::ImportError::new(0, "file", e.to_string())], ..Default::default() };
                    print(&serde_json::to_string_pretty(&report).unwrap_or_default());
                    return Err(e);
                }
                other => other?,
            };
            print(&text);
            if !imported {
                return Err(CliError::Refused);
            }
        }
        Command::Validate { json, write_cache } => {
            if write_cache {
                let loaded = ingest::load_dir(&config.data_dir).map_err(|e| CliError::Runtime(format!("loading {}: {e}{}", config.data_dir.display(), missing_data_hint(&config.data_dir))))?;
                ingest::corpus::write_fitted_cache(&config.data_dir, &loaded.datasets, &loaded.corpus).map_err(|e| CliError::Runtime(e.to_string()))?;
            }
            let (_, catalog) = load()?;
            print(&server::cli::run_validate(&catalog, json)?);
        }
        Command::Fit { json } => {
            let (_, catalog) = load()?;
            print(&run_fit(&catalog, json)?);
        }
        Command::Serve { addr } => {
            if let Some(a) = addr {
                config.addr = a.parse().map_err(|e| CliError::Usage(format!("--addr {a:?}: {e}")))?;
            }
            serve(config)?;
        }
    }
    Ok(())
}

/// The dataset store with the configured quotas and expiry; expired datasets are
/// deleted as it opens.
fn open_store(config: &Config) -> Result<server::storage::sqlite::SqliteStore, CliError> {
    use server::storage::DatasetStore;
    let store = server::storage::sqlite::SqliteStore::open(&config.state_dir)
        .map_err(|e| CliError::Runtime(format!("opening {}: {e}", config.state_dir.display())))?
        .with_limits(config.store_limits());
    let purged = store.purge_expired().map_err(|e| CliError::Runtime(format!("purging expired datasets: {e}")))?;
    if purged > 0 {
        tracing::info!(purged, days = config.upload_ttl_days, "expired uploaded datasets deleted");
    }
    Ok(store)
}

/// Writes to stdout; a closed pipe (`mqplan plan | head`) is not an error.
fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}

fn serve(config: Config) -> Result<(), CliError> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,tower_http=info".into()))
        .init();
    let store = open_store(&config)?;
    let state = AppState::load(&config.data_dir, &config.site_root.to_string_lossy(), config.addr, std::sync::Arc::new(store))
        .map_err(|e| CliError::Runtime(format!("loading {}: {e}{}", config.data_dir.display(), missing_data_hint(&config.data_dir))))?
        .with_fit_cache_bytes(config.fit_cache_bytes());
    if !config.site_root.join("pkg").join("app_bg.wasm").exists() {
        tracing::warn!(site_root = %config.site_root.display(), "no hydrate bundle found; pages render but stay static (run `make build`)");
    }
    let limits = server::Limits {
        timeout: Duration::from_secs(config.timeout_s),
        body_timeout: Duration::from_secs(config.body_timeout_s),
        max_upload_bytes: config.max_upload_bytes(),
        upload_mib_per_min: config.upload_mb_per_min,
        max_imports: config.max_imports,
        upload_inflight_bytes: config.upload_inflight_mb.saturating_mul(1024 * 1024),
        ..server::Limits::default()
    };
    let conns = server::serve::ConnLimits {
        header_timeout: Duration::from_secs(config.header_timeout_s),
        max_conns_per_peer: config.max_conns_per_peer,
        max_conns: config.max_conns,
        ..server::serve::ConnLimits::default()
    };
    let app = server::router(state, limits);
    let rt = tokio::runtime::Runtime::new().map_err(|e| CliError::Runtime(e.to_string()))?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| CliError::Runtime(format!("binding {}: {e}", config.addr)))?;
        tracing::info!("mqplan listening on http://{}", config.addr);
        server::serve::serve(listener, app, conns, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| CliError::Runtime(e.to_string()))
    })
}
