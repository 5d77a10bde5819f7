extension ConsoleAssets {
    /// Progressive enhancement only: every page works without it. A page whose body has
    /// `data-refresh="N"` reloads its `[data-live]` region every N seconds (unless the operator is
    /// typing in it); a form with `data-confirm` asks before it is sent.
    static let script = #"""
        "use strict";
        (function () {
          document.addEventListener("submit", function (event) {
            var question = event.target.getAttribute("data-confirm");
            if (question && !window.confirm(question)) { event.preventDefault(); }
          });
          var seconds = parseInt(document.body.getAttribute("data-refresh") || "", 10);
          var live = document.querySelector("[data-live]");
          if (!seconds || !live) { return; }
          var busy = false;
          live.addEventListener("input", function () { busy = true; });
          window.setInterval(function () {
            if (busy || document.hidden) { return; }
            fetch(window.location.href, { credentials: "same-origin", headers: { "X-Console-Refresh": "1" } })
              .then(function (response) { return response.ok ? response.text() : null; })
              .then(function (text) {
                if (!text || busy) { return; }
                var next = new DOMParser().parseFromString(text, "text/html").querySelector("[data-live]");
                if (next) { live.replaceChildren.apply(live, Array.from(next.childNodes)); }
              })
              .catch(function () {});
          }, seconds * 1000);
        })();
        """#
}
