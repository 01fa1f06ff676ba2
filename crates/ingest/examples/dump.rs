//! Prints the fitted catalog summary and a default plan (development aid).
fn main() {
    let (_, cat) = ingest::load_catalog(&ingest::bundled_data_dir()).unwrap_or_else(|e| panic!("{e}"));
    for m in &cat.systems {
        println!("{}: a={:.2} b={:.4} r2={:.3} dof={} pts={:?} home={:?} consume={:?} lat={:?} grid={} drain={:?} checks={:?} ops={:?}",
            m.system, m.produce.a_core_us, m.produce.b_core_us_per_byte, m.produce.r_squared, m.produce.dof(),
            m.produce.points.iter().map(|p| (p.message_bytes, p.measured_msgs, p.row_id.clone())).collect::<Vec<_>>(), m.home, m.consume_cost_ratio.as_ref().map(|c| c.0),
            m.latency.iter().map(|l| (l.percentile, l.load, l.ms)).collect::<Vec<_>>(), m.grid.len(), m.drain.as_ref().map(|d| (d.msgs_per_s(), d.cold_change.as_ref().map(|c| c.0))),
            m.checks.iter().map(|c| (c.nodes, c.cores, c.message_bytes, c.measured_msgs, c.predicted_msgs)).collect::<Vec<_>>(), m.ops.processes.as_ref().map(|p| (p.0, p.1)));
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pairs: Vec<(&str, &str)> = args.iter().filter_map(|a| a.split_once('=')).collect();
    let w = capacity::Workload::from_params(pairs).expect("params");
    let p = capacity::plan(&cat, &w).expect("plan");
    println!("{}", serde_json::to_string_pretty(&p).unwrap());
}
