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
export const SHELL_SCRIPT = `(()=>{const r=document.documentElement.classList,f=(e)=>e.target.closest?.('.fig,.aw,.ident');let h,t;
try{const s=localStorage.getItem('theme');s&&document.getElementById(s)&&(document.getElementById(s).checked=true)}catch{}
addEventListener('change',(e)=>{if(e.target.name==='theme')try{localStorage.setItem('theme',e.target.id)}catch{}});
addEventListener('keydown',(e)=>{e.key==='Escape'&&r.add('tip-off')});
addEventListener('focusin',()=>r.remove('tip-off'));
addEventListener('pointerover',(e)=>{const x=f(e);x!==h&&(h=x,r.remove('tip-off'))});
addEventListener('pointerdown',(e)=>{const x=f(e);r.toggle('tip-off',!!x&&x===t&&!r.contains('tip-off'));t=x});
r.add('js');addEventListener('click',(e)=>{const b=e.target.closest?.('[data-copy]');b&&navigator.clipboard.writeText(document.getElementById(b.dataset.copy).textContent).then(()=>{b.nextElementSibling.firstElementChild.hidden=false})})})()`;
