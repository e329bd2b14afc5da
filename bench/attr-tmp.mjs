import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const files = process.argv.slice(2);
for (const f of files) {
  const r = await build({ entryPoints: [f], bundle: true, minify: true, platform: 'browser', format: 'esm', write: false, logLevel: 'silent', outfile: 'app.js', metafile: true, alias: { '@blockindex/client': '/work/wt/client-core/packages/client/src/index.ts' } });
  const out = r.outputFiles.find((o) => o.path.endsWith('.js'));
  console.log(f.split('/').pop(), out.contents.length, gzipSync(out.contents, { level: 9 }).length);
  for (const o of Object.values(r.metafile.outputs)) for (const [k, v] of Object.entries(o.inputs).sort((a,b)=>b[1].bytesInOutput-a[1].bytesInOutput)) console.log('  ', k.replace(/.*node_modules\//,'').replace(/.*client-core\//,''), v.bytesInOutput);
}
