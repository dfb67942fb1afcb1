// The page's part of the one-seat rule (see reddog_tui/web/server.py): the tab's id lives in
// sessionStorage, which a reload keeps and another tab or screen does not share, and goes in
// the websocket's address. The terminal starts once the font is loaded, since it measures its
// cells only once.
(function () {
  "use strict";
  let tab = sessionStorage.getItem("reddog-tab");
  if (!tab) {
    const bytes = crypto.getRandomValues(new Uint8Array(16)); // randomUUID needs https off loopback
    tab = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("reddog-tab", tab);
  }
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  document.getElementById("terminal").dataset.sessionWebsocketUrl = scheme + "//" + location.host + "/ws/" + tab;
  const start = window.onload;
  window.onload = function (event) {
    const size = document.getElementById("terminal").dataset.fontSize + "px 'Roboto Mono'";
    Promise.all([document.fonts.load(size), document.fonts.load("bold " + size)]).finally(() => start(event));
  };
})();
