function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A self-contained reference page (no CDN: the service may run where nothing can be fetched). */
export function renderReferencePage(document: Record<string, any>): string {
  const sections: string[] = [];
  for (const [path, operations] of Object.entries<Record<string, any>>(document.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(operations)) {
      const params = (op.parameters ?? [])
        .map((p: any) => `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', required' : ''})</li>`)
        .join('');
      const body = op.requestBody ? `<h4>Request body</h4><pre>${escapeHtml(JSON.stringify(op.requestBody.content['application/json'].schema, null, 2))}</pre>` : '';
      const responses = Object.entries<any>(op.responses)
        .map(([status, r]) => {
          const schema = r.content ? Object.values<any>(r.content)[0]?.schema : undefined;
          return `<details><summary><b>${escapeHtml(status)}</b> ${escapeHtml(r.description)}</summary>${schema ? `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>` : ''}</details>`;
        })
        .join('');
      sections.push(`<section id="${escapeHtml(op.operationId)}"><h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}${op['x-required-scope'] ? ` — scope <code>${escapeHtml(op['x-required-scope'])}</code>` : ''}</p>
${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}${body}<h4>Responses</h4>${responses}</section>`);
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info?.title)} — API reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:1000px;margin:2rem auto;padding:0 1rem;color:#222}section{border-top:1px solid #ddd;padding:.5rem 0}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;font-size:12px}.m{display:inline-block;min-width:4rem;font-size:.8rem;padding:2px 6px;border-radius:4px;color:#fff;background:#555}
.get{background:#2b7bb9}.post{background:#2f9e44}.patch{background:#e67700}.delete{background:#c92a2a}</style></head>
<body><h1>${escapeHtml(document.info?.title)} <small>v${escapeHtml(document.info?.version)}</small></h1>
<p>${escapeHtml(document.info?.description ?? '')} Authenticate with the <code>X-API-Key</code> header. Machine-readable: <a href="/openapi.json">/openapi.json</a>.</p>
${sections.join('\n')}</body></html>`;
}
