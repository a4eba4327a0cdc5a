/** /verify/'s script: runs the check on a button or on files the reader drops or picks, and writes the receipt into the page. */
import { escapeText } from '../core/escape-text.ts';
import { CENSUS_PATH, type LockEntry, type VerifyCensus } from './census.ts';
import { fetchLocked } from './host.ts';
import { lockOf, runChecks, type Receipt, type Step } from './run.ts';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function line(parent: HTMLElement, text: string): void {
  const li = document.createElement('li');
  li.textContent = escapeText(text);
  parent.append(li);
}

/** The part of the page a step belongs to: its property's section (#p3), the report's, or the rest. */
function sectionOf(page: string): string {
  const property = /^properties\/(p[0-9]+)\/$/.exec(page)?.[1];
  if (property && document.getElementById(property)) return property;
  return page === '' ? 'report' : 'other-pages';
}

let current: VerifyCensus | undefined;
async function theCensus(): Promise<VerifyCensus> {
  const url = new URL(`../${CENSUS_PATH}`, location.href.replace(/[?#].*$/, ''));
  return (current ??= (await (await fetch(url)).json()) as VerifyCensus);
}

const list = (id: string) => $(id).querySelector('ol') ?? $(id);

function show(step: Step): void {
  if (step.step === 'file') {
    const f = step.file;
    line(
      list('files'),
      `${f.path}: ${f.bytes} bytes (lock: ${f.locked.bytes}); sha256 ${f.sha256} (lock: ${f.locked.sha256}); git blob ${f.blob}` +
        (f.locked.blob ? ` (lock: ${f.locked.blob})` : ' (the lock records none)') +
        (f.ok ? ': matches' : ': DIFFERS'),
    );
  } else if (step.step === 'check') {
    line(list('admission'), `${step.title}: ${step.facts.map((f) => `${f.value} ${f.label}`).join(', ')}`);
  } else if (step.step === 'rederivation') {
    line(list('rederivations'), `${step.name}: ${step.title} (${step.compared} comparisons, all equal)`);
    for (const p of step.properties.map((q) => q.toLowerCase()))
      if (document.getElementById(p))
        line(list(p), `re-derivation ${step.name}: ${step.compared} comparisons, all equal`);
  } else {
    const { figure: f, ours, ok, notHere } = step.check;
    const where = f.file ? `${f.file}#${f.pointer}` : (f.derivation ?? f.citation ?? f.source);
    const against = notHere
      ? `not recomputed here: it ${notHere}`
      : `recomputed here ${ours.join(' or ') || 'nothing'}`;
    const section = sectionOf(f.page);
    // A phone cannot hold a thousand lines: the figures that match are counted, the others listed.
    if (ok && !notHere) return matched(section);
    line(list(section), `/${f.page} ${where}: shown ${f.shown}, ${against}${ok ? '' : ': DIFFERS'}`);
  }
}

const matches = new Map<string, { li: HTMLLIElement; n: number }>();
function matched(section: string): void {
  let m = matches.get(section);
  if (!m) {
    m = { li: document.createElement('li'), n: 0 };
    list(section).prepend(m.li);
    matches.set(section, m);
  }
  m.n++;
  m.li.textContent = `${m.n} figure${m.n === 1 ? '' : 's'} shown here match the value recomputed (or cited) here`;
}

function clear(): void {
  for (const ol of document.querySelectorAll('#verify-receipt ol')) ol.replaceChildren();
  matches.clear();
  $('verify-result').textContent = '';
  $('verify-result').removeAttribute('data-verify-status');
  $('verify-download').hidden = true;
}

function finish(receipt: Receipt): void {
  const result = $('verify-result');
  const checks = receipt.steps.flatMap((s) => (s.step === 'figure' ? [s.check] : []));
  const notHere = checks.filter((c) => c.notHere).length;
  const n = (count: number) => count.toLocaleString('en-US');
  result.textContent = escapeText(
    receipt.status === 'pass'
      ? `Pass: the six files match the lock, admission and every re-derivation pass, and all ${n(checks.length - notHere)} ` +
          `figures recomputed here match` +
          (notHere
            ? `; ${n(notHere)} more, listed with its page, ${notHere === 1 ? 'is' : 'are'} not recomputed here.`
            : '.')
      : `Fail: ${receipt.failures
          .slice(0, 5)
          .map((f) => `${f.file} at ${f.place}: expected ${f.expected}, found ${f.found}`)
          .join('; ')}${receipt.failures.length > 5 ? `; and ${receipt.failures.length - 5} more` : ''}.`,
  );
  result.dataset['verifyStatus'] = receipt.status;
  const download = $<HTMLButtonElement>('verify-download');
  download.hidden = false;
  download.onclick = () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' }));
    a.download = 'verify-receipt.json';
    a.click();
    URL.revokeObjectURL(a.href);
  };
}

async function check(files: () => Promise<Map<string, Uint8Array> | undefined>, source: string): Promise<void> {
  // One run at a time: a second would mix its lines into this one's receipt.
  const run = $<HTMLButtonElement>('verify-run');
  if (run.disabled) return;
  run.disabled = true;
  clear();
  const status = $('verify-progress');
  status.textContent = `Checking (${source})...`;
  try {
    const c = await theCensus();
    const bytes = await files();
    if (!bytes) return;
    const receipt = await runChecks(c, bytes, source, show);
    status.textContent = '';
    finish(receipt);
  } catch (e) {
    status.textContent = '';
    $('verify-result').textContent = escapeText(
      `Fail: the check stopped: ${e instanceof Error ? e.message : String(e)}`,
    );
    $('verify-result').dataset['verifyStatus'] = 'fail';
  } finally {
    run.disabled = false;
  }
}

async function fromHost(): Promise<Map<string, Uint8Array> | undefined> {
  const entries = lockOf(await theCensus()).files as readonly LockEntry[];
  const fetched = await Promise.all(entries.map(fetchLocked));
  const unreachable = fetched.map((f) => f.unreachable).filter((u) => u !== undefined);
  if (unreachable.length > 0) {
    $('verify-progress').textContent =
      `The audit's repository could not be read: ${unreachable[0]}${unreachable.length > 1 ? ` (and ${unreachable.length - 1} more)` : ''}. ` +
      'Drop the six files into the box above, or pick them there, and the same checks run on them.';
    $('verify-drop').classList.add('verify-wanted');
    return undefined;
  }
  return new Map(entries.map((e, i) => [e.path, fetched[i]!.bytes!]));
}

const chosen = new Map<string, File>();

async function fromFiles(list: FileList): Promise<Map<string, Uint8Array>> {
  const entries = lockOf(await theCensus()).files as readonly LockEntry[];
  // Files chosen in several goes add up.
  for (const f of list) chosen.set(f.name, f);
  const out = new Map<string, Uint8Array>();
  // Only the files the lock names are read, and only once their size is the locked one.
  for (const e of entries) {
    const file = chosen.get(e.path.split('/').at(-1)!);
    if (!file) continue;
    if (file.size !== e.bytes)
      throw new Error(`${e.path}: expected ${e.bytes} bytes, as locked; found ${file.size} bytes`);
    out.set(e.path, new Uint8Array(await file.arrayBuffer()));
  }
  return out;
}

$('verify-run').addEventListener('click', () => void check(fromHost, 'the audit repository, at the locked commits'));
const input = $<HTMLInputElement>('verify-files');
input.addEventListener('change', () => {
  if (input.files && input.files.length > 0) void check(() => fromFiles(input.files!), 'the files you chose');
});
const drop = $('verify-drop');
drop.addEventListener('dragover', (e) => e.preventDefault());
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  const dropped = e.dataTransfer?.files;
  if (dropped && dropped.length > 0) void check(() => fromFiles(dropped), 'the files you dropped');
});
