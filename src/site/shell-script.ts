/**
 * The one script every page carries, inline (its hash goes into the page's policy, src/passes/csp-hashes.ts).
 * The pages work without it; it adds only what CSS cannot do:
 * - the theme chosen with the header's switch is kept for the next page (localStorage; the radios are
 *   set as the header is parsed, before the page is drawn, so nothing flashes);
 * - a provenance tooltip closes on Escape and on a second tap or click of its figure (WCAG 1.4.13,
 *   dismissible): it sets .tip-off on the root, which site.css reads, and a new figure's focus or
 *   pointer clears it;
 * - a citation's copy button (shown only once this runs: it sets .js on the root) copies its format's text to the
 *   clipboard and shows the "Copied" note beside it; without script the text stays selectable and downloadable.
 * Placed right after the theme switch, so the radios exist when it runs.
 */
export const SHELL_SCRIPT = `(()=>{const d=document,r=d.documentElement.classList,a=addEventListener,g=(i)=>d.getElementById(i),o='tip-off',f=(e)=>e.target.closest?.('.fig,.aw,.ident');let h,t;
try{const s=g(localStorage.getItem('theme'));s&&(s.checked=true)}catch{}
a('change',(e)=>{if(e.target.name==='theme')try{localStorage.setItem('theme',e.target.id)}catch{}});
a('keydown',(e)=>{e.key==='Escape'&&r.add(o)});
a('focusin',()=>r.remove(o));
a('pointerover',(e)=>{const x=f(e);x!==h&&(h=x,r.remove(o))});
a('pointerdown',(e)=>{const x=f(e);r.toggle(o,!!x&&x===t&&!r.contains(o));t=x});
r.add('js');a('click',(e)=>{const b=e.target.closest?.('[data-copy]');b&&navigator.clipboard.writeText(g(b.dataset.copy).textContent).then(()=>{b.nextElementSibling.firstElementChild.hidden=false})})})()`;
