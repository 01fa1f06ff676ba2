// The soak's request mix (scripts/cpu-cost.mjs, and scripts/soak.sh through `regex`): varied
// workload queries over a grid of every field the soak varies, a fifth naming
// one of `datasets` when given, and the static assets.
const pick = (a) => a[Math.floor(Math.random() * a.length)];
export const grid = {
  mbps: ['5', '20', '50', '120', '300', '800', '2000'],
  size: ['100', '512', '1024', '4096', '16384'],
  rf: ['1', '2', '3'],
  retention_h: ['1', '24', '72', '168'],
  partitions: ['6', '24', '100', '500'],
  kind: ['data', 'business'],
  needs: ['', 'transactions', 'delay,dlq', 'tiered', 'geo,schema'],
  hw: ['seed000-8c16g', 'seed000-16c64g', 'seed001-r740xd', 'general-32c128g-nvme'],
  durability: ['replicated', 'fsync', 'leader'],
};
export const query = (datasets = []) => {
  const q = Object.entries(grid).map(([k, v]) => `${k}=${encodeURIComponent(pick(v))}`).join('&');
  return datasets.length && Math.random() < 0.2 ? `${q}&dataset=${pick(datasets)}` : q;
};
export const statics = ['/pkg/app.js', '/pkg/main.css', '/upload.js', '/favicon.svg'];
// The same grid as a regular expression for oha's --rand-regex-url (scripts/soak.sh):
// one alternative per value, and the dataset ids as `dataset=` in a fifth of queries.
export const regex = (datasets = []) => {
  const q = Object.entries(grid).map(([k, v]) => `${k}=(${v.map(encodeURIComponent).join('|')})`).join('&');
  const ds = datasets.length ? `(${[...Array(4 * datasets.length).fill(''), ...datasets.map((d) => `&dataset=${d}`)].join('|')})` : '';
  return q + ds;
};
