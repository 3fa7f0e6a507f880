// The inline script that requests the app's JavaScript once the page's largest content is on screen
// (issue #21). It is the last element of <body> and reads what to load from its own attributes:
// `data-scripts`, the entry's files in order, and `data-preload`, the page's own chunk(s), which the
// entry then evaluates while React DOM is (main.tsx).
//
// Why not `<script defer>` in <head>: the browser then downloads ~150 KB of JavaScript alongside the
// HTML and the hero image, and runs it right after parsing, often before the first frame is on screen.
// None of it is needed to paint: the prerendered HTML and its inlined CSS draw the page on their own.
// Lighthouse's simulation counts every script that finished downloading before the largest paint as
// something that paint waited for (its script evaluations are too short to be in its graph, so it
// cannot tell they ran later), so at mobile bandwidth its LCP came out ~1 s after FCP although the hero
// painted with the first frame; a real phone spends the same bandwidth on the JavaScript while the
// hero image loads.
//
// When: a page with a hero image (the one `<img fetchpriority="high">`, src/ui/Image.tsx) loads once
// the Element Timing API reports that image painted; other pages once the first contentful paint is
// reported. The loader marks the hero `elementtiming="hero"` itself: the attribute is not in the HTML
// standard (the validator refuses it in markup), and the loader usually runs before the page's first frame. On a busy
// machine a long page can paint a frame, hero included, before the parser reaches the loader: no Element Timing entry
// then ever comes, so the hero's Largest Contentful Paint entry counts as its paint too (before, the app then waited
// for the second after `load`). Either way it then waits for one more frame: a long page may paint its first frame
// before the parser has reached its end, and what follows (the consent banner, the last element of the layout) must be
// on screen before any script is requested, or Lighthouse counts the scripts as what its paint waited for (the banner
// on /faq painted 0.2 s after the FCP this way). Browsers
// without those APIs load after the first frame that follows the hero's load. Sooner on input (the
// visitor wants the page to work), when the hero fails or is off screen, in a hidden or prerendering tab
// (nothing paints there); at the latest a second after `load`.
//
// Each request it starts costs the main thread about a millisecond (more on a busy phone): the entry's files go in one
// task, the page's chunk(s) and the manifest in the next, so neither task is long.
//
// It also links the web app manifest (public/manifest.webmanifest), for the same reason: in the HTML, the manifest
// and the icon it names were fetched (by Lighthouse's own checks) before the first frame of a text-only page, and
// counted as what its largest paint waited for (0.2 s in some runs of /about). Nothing reads the manifest before the
// app runs: it is for installing the site, which needs the service worker the app registers anyway.
//
// Its SHA-256 goes into the CSP (ssr.tsx inlineScripts), so it must stay a constant string; ES5, since
// it runs before any of the app's code.
export const scriptLoaderScript = `(function(){var d=document,w=window,me=d.currentScript,done=false,hero=d.querySelector('img[fetchpriority="high"]');
function each(name,add){(me.getAttribute(name)||'').split(' ').forEach(function(u){if(u)add(u)})}
function load(){if(done)return;done=true;
each('data-scripts',function(u){var s=d.createElement('script');s.src=u;s.async=false;d.head.appendChild(s)});
setTimeout(function(){each('data-preload',function(u){var l=d.createElement('link');l.rel='preload';l.as='script';l.href=u;d.head.appendChild(l)});
var m=d.createElement('link');m.rel='manifest';m.href='/manifest.webmanifest';d.head.appendChild(m)},0)}
function afterFrame(){requestAnimationFrame(function(){setTimeout(load,0)})}
function onScreen(){var r=hero.getBoundingClientRect();return r.bottom>0&&r.right>0&&r.top<w.innerHeight&&r.left<w.innerWidth&&r.width>0}
['pointerdown','keydown'].forEach(function(t){w.addEventListener(t,load,{capture:true,passive:true,once:true})});
w.addEventListener('load',function(){setTimeout(load,1000)});
if(d.visibilityState!=='visible'||d.prerendering)return load();
var types=(w.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[],type=hero?'element':'paint';
if(hero){hero.setAttribute('elementtiming','hero');hero.addEventListener('error',load);if(hero.complete&&!hero.naturalWidth)return load();if(!onScreen())return afterFrame()}
if(types.indexOf(type)<0){if(hero&&!hero.complete)hero.addEventListener('load',afterFrame);else afterFrame();return}
var seen=new PerformanceObserver(function(list,observer){list.getEntries().forEach(function(e){if(hero?e.element===hero:e.name==='first-contentful-paint'){observer.disconnect();afterFrame()}})});seen.observe({type:type,buffered:true});
if(hero&&types.indexOf('largest-contentful-paint')>=0)seen.observe({type:'largest-contentful-paint',buffered:true})})();`;
