// Progressive enhancement of the upload form (the form works without this file):
// drag-and-drop onto the drop zone, a progress bar while the file uploads, and the
// parse report shown in place. All report text is inserted with textContent.
(function () {
  'use strict';
  function ready(fn) {
    if (document.readyState !== 'loading') fn(); else document.addEventListener('DOMContentLoaded', fn);
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function showReport(box, status, report) {
    box.replaceChildren();
    const ok = status === 200 || status === 201;
    const h = el('h3', ok ? 'ok' : 'bad', ok
      ? (status === 200
        ? `Already stored: dataset ${report.id}, ${report.rows_imported} rows (${report.format}) — the same file and metadata as before`
        : `Imported ${report.rows_imported} rows (${report.format}) as dataset ${report.id}`)
      : (status === 413 ? 'File too large' : status === 429 ? 'Too many uploads' : 'Refused: nothing was stored'));
    box.appendChild(h);
    // The server's reason and, when it gives one, when to try again (a stop-42 tester
    // saw 403, 408 and 503 say only "Refused", and 429 "wait a minute" against a 5 s
    // Retry-After).
    if (!ok && (report.message || report.retry_after)) {
      box.appendChild(el('p', null, `${report.message || ''}${report.retry_after ? ` Try again in ${report.retry_after} s.` : ''}`));
    }
    // Rows are what the file holds; a plan counts runs (a stop-38 reviewer read 7 rows
    // here and 3 runs in the plan, unexplained).
    if (ok && report.rows_stored) {
      box.appendChild(el('p', 'muted', `${report.rows_stored} row(s) stored: one per condition (system, message size, partitions, rate) and metric — its best throughput, the median of each latency percentile. A plan counts runs: a condition's throughput, and says which it used`));
    }
    const list = (title, items, render) => {
      if (!items || !items.length) return;
      box.appendChild(el('h4', null, title));
      const ul = el('ul');
      items.forEach((it) => ul.appendChild(el('li', null, render(it))));
      box.appendChild(ul);
    };
    list('Errors', report.errors || report.fields, (e) => e.line ? `line ${e.line}: ${e.field}: ${e.reason}` : `${e.field}: ${e.reason}`);
    list('Warnings', report.warnings, (w) => `${w.line ? 'line ' + w.line + ': ' : ''}${w.message} — ${w.why}`);
    if (ok) {
      const params = new URLSearchParams(location.search);
      if (!params.getAll('dataset').includes(report.id)) params.append('dataset', report.id);
      const a = el('a', 'plan-link', 'Plan with this data →');
      a.href = '/?' + params.toString();
      box.appendChild(a);
      a.focus();
    }
  }
  ready(function () {
    const form = document.getElementById('upload-form');
    const zone = document.getElementById('drop-zone');
    const input = document.getElementById('up-file');
    const bar = document.getElementById('up-progress');
    const box = document.getElementById('up-report');
    if (!form || !zone || !input || !bar || !box) return;
    ['dragenter', 'dragover'].forEach((t) => zone.addEventListener(t, (ev) => { ev.preventDefault(); zone.classList.add('over'); }));
    ['dragleave', 'drop'].forEach((t) => zone.addEventListener(t, () => zone.classList.remove('over')));
    zone.addEventListener('drop', (ev) => {
      ev.preventDefault();
      if (ev.dataTransfer && ev.dataTransfer.files.length) input.files = ev.dataTransfer.files;
    });
    // On file choice: a dry run tells what the file says; the empty metadata fields
    // show it as their placeholder, as the server will read it, not as a value sent
    // (a stop-43 tester: a size filled in from the file's first run was sent as the
    // size of every run and then warned of as not the file's own).
    input.addEventListener('change', () => {
      if (!input.files || !input.files.length) return;
      const data = new FormData(form);
      fetch('/api/v1/datasets?dry_run=1', { method: 'POST', body: data })
        .then((r) => r.json())
        .then((report) => {
          const inf = report.inferred || {};
          const fill = (id, v) => { const e = document.getElementById(id); if (e && !e.value && v !== null && v !== undefined) e.placeholder = `${v} (from the file)`; };
          fill('up-size', inf.message_bytes);
          fill('up-partitions', inf.partitions);
          fill('up-producers', inf.producers);
          fill('up-consumers', inf.consumers);
          const sys = document.getElementById('up-system');
          if (sys && !sys.value && inf.system && [...sys.options].some((o) => o.value === inf.system)) sys.value = inf.system;
          box.replaceChildren(el('p', 'muted', `Detected ${report.format || 'an unknown format'}` + (inf.system ? `, system ${inf.system}` : '') + (inf.message_bytes ? `, ${inf.message_bytes} B messages` : '') + (report.errors && report.errors.length ? ` — ${report.errors.length} problem(s) so far:` : '')));
          if (report.errors && report.errors.length) {
            const ul = el('ul');
            report.errors.slice(0, 8).forEach((e) => ul.appendChild(el('li', null, `${e.line ? 'line ' + e.line + ': ' : ''}${e.field}: ${e.reason}`)));
            box.appendChild(ul);
          }
        })
        .catch(() => {});
    });
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const data = new FormData(form);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/api/v1/datasets');
      bar.hidden = false;
      bar.value = 0;
      xhr.upload.addEventListener('progress', (e) => { if (e.lengthComputable) bar.value = Math.round((100 * e.loaded) / e.total); });
      xhr.addEventListener('load', () => {
        bar.value = 100;
        let report = {};
        try { report = JSON.parse(xhr.responseText); } catch (_) { report = { errors: [{ line: 0, field: 'response', reason: xhr.responseText.slice(0, 200) }] }; }
        const retry = xhr.getResponseHeader('Retry-After');
        if (retry && /^\d+$/.test(retry)) report.retry_after = retry;
        showReport(box, xhr.status, report);
        form.dataset.uploaded = xhr.status === 200 || xhr.status === 201 ? 'true' : 'false';
      });
      xhr.addEventListener('error', () => showReport(box, 0, { errors: [{ line: 0, field: 'network', reason: 'the upload failed' }] }));
      xhr.send(data);
    });
  });
})();
