/*
 * The Lite site's kernel check: when the Python kernel cannot start, say so in words.
 *
 * scripts/build_lite.py copies this file to the site's root and loads it in the pages that
 * run notebooks (lab/ and notebooks/). Without it a kernel that cannot load Pyodide (offline,
 * a blocked CDN, a browser without WebAssembly) shows only "Unknown" in a corner, and Run All
 * waits at [*] for ever. The check shows a banner at the top of the page:
 *
 *   - at once, when the page reports an error loading Pyodide, or has no WebAssembly;
 *   - after WAIT_SECONDS, when an open notebook's kernel has still not started (its
 *     execution indicator, JupyterLab's data-status, is neither idle nor busy).
 *
 * It reads only the page (no JupyterLab API, no network), and the banner's words are text,
 * never HTML. window.minimaxKernelWait (seconds) shortens the wait, for tests.
 */
(function () {
  "use strict";

  var WAIT_SECONDS = 120; // Pyodide's first start over a slow connection can take a minute
  var BANNER_ID = "minimax-kernel-banner";
  var TITLE = "The Python kernel could not start in this browser: ";
  var ADVICE =
    " What to do: check the internet connection and reload the page (the first start downloads" +
    " Python, some 10 MB), or try a recent Chrome, Firefox, Edge or Safari; or work through the" +
    " lessons on your own computer in JupyterLab (make lab in the course's folder).";
  var STARTED = { idle: true, busy: true };

  function show(reason) {
    if (document.getElementById(BANNER_ID)) {
      return;
    }
    if (!document.body) {
      document.addEventListener("DOMContentLoaded", function () { show(reason); });
      return;
    }
    var banner = document.createElement("div");
    banner.id = BANNER_ID;
    banner.setAttribute("role", "alert");
    banner.style.cssText =
      "position:fixed;top:0;left:0;right:0;z-index:100000;padding:10px 40px 10px 16px;" +
      "background:#fff3cd;color:#3d2e00;border-bottom:2px solid #d39e00;" +
      "font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif";
    var title = document.createElement("strong");
    title.textContent = TITLE;
    banner.appendChild(title);
    banner.appendChild(document.createTextNode(reason + ADVICE));
    var close = document.createElement("button");
    close.textContent = "\u00d7";
    close.title = "Hide this message";
    close.setAttribute("aria-label", "Hide this message");
    close.style.cssText =
      "position:absolute;top:6px;right:10px;border:0;background:none;font-size:20px;cursor:pointer";
    close.addEventListener("click", function () { banner.remove(); });
    banner.appendChild(close);
    document.body.appendChild(banner);
  }

  function describe(error) {
    var text = error && error.message !== undefined ? error.message : String(error);
    return text.length > 200 ? text.slice(0, 200) + "..." : text;
  }

  function heard(error) {
    var text = describe(error);
    if (/pyodide/i.test(text)) {
      show("Pyodide, the Python that runs inside this page, could not be loaded (" + text + ")." +
           " The page may be offline, or a network filter may block it.");
    }
  }

  if (typeof WebAssembly !== "object") {
    show("this browser cannot run WebAssembly, which the site's Python (Pyodide) needs.");
    return;
  }
  window.addEventListener("error", function (event) { heard(event.error || event.message); });
  window.addEventListener("unhandledrejection", function (event) { heard(event.reason); });

  // The watch on the notebooks' kernels: seconds each open notebook has waited unstarted.
  var waited = 0;
  var every = 1;
  setInterval(function () {
    var limit = Number(window.minimaxKernelWait) > 0 ? Number(window.minimaxKernelWait) : WAIT_SECONDS;
    var indicators = document.querySelectorAll(".jp-Notebook-ExecutionIndicator[data-status]");
    var waiting = false;
    for (var i = 0; i < indicators.length; i++) {
      if (!STARTED[indicators[i].getAttribute("data-status")]) {
        waiting = true;
      }
    }
    waited = waiting ? waited + every : 0;
    if (waited >= limit) {
      show("it has not started after " + Math.round(waited) + " seconds (the notebook shows its kernel" +
           " as unknown).");
    }
  }, every * 1000);
})();
