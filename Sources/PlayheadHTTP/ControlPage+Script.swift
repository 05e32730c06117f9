extension ControlPage {
    /// The page's behaviour. Status and the log are read once a second and on every event the
    /// server sends; the token lives only in the HttpOnly cookie, never in the script.
    static let script = #"""
    "use strict";
    const $ = (id) => document.getElementById(id);
    let events = null, liveTimer = null, pollTimer = null;
    function show(loggedIn) {
      $("login").hidden = loggedIn; $("panel").hidden = !loggedIn; $("logout").hidden = !loggedIn;
      if (loggedIn) start(); else stop();
    }
    async function api(path, options) {
      const r = await fetch(path, Object.assign({credentials: "same-origin"}, options || {}));
      if (r.status === 401) { show(false); throw new Error("logged out"); }
      return r;
    }
    async function command(line) {
      const r = await api("/api/command", {method: "POST", headers: {"Content-Type": "text/plain"}, body: line});
      const reply = await r.json();
      $("message").textContent = reply.ok ? "" : reply.error;
      refresh();
      return reply;
    }
    function seconds(s) {
      if (s === null || s === undefined) return "-";
      const m = Math.floor(s / 60), r = Math.floor(s % 60);
      return m + ":" + String(r).padStart(2, "0");
    }
    async function refresh() {
      try {
        const s = await (await api("/api/status")).json();
        $("state").textContent = s.state; $("item").textContent = s.title || s.item || "-";
        $("time").textContent = seconds(s.time) + " / " + seconds(s.duration);
        $("position").textContent = s.position;
        $("volumeText").textContent = Math.round(s.volume * 100) + "%" + (s.muted ? " (muted)" : "");
        if (document.activeElement !== $("volume")) $("volume").value = Math.round(s.volume * 100);
        $("mute").textContent = s.muted ? "Unmute" : "Mute";
        const c = s.clock || {};
        $("clock").textContent = (c.synchronised ? "synchronised" : "not synchronised") + (c.source ? " (" + c.source + ")" : "");
        // The A/B slots (an object on the images, else a sentence why there are none).
        const u = s.update, i = (u && u.install) || null;
        $("system").textContent = !u || typeof u !== "object" ? "-" : "slot " + u.slot + ", " + (u.version || "-")
          + (i ? "; update " + i.state + (i.state === "installing" && i.progress ? " " + i.progress + "%" : "") : "")
          + (u["fell-back"] ? "; " + u["fell-back"] : "");
        const q = await (await api("/api/queue")).json();
        const list = $("queue"); list.textContent = "";
        (q.reply || []).forEach((e) => {
          const li = document.createElement("li");
          li.textContent = e.title || e.location; if (e.current) li.className = "current";
          const b = document.createElement("button"); b.className = "plain"; b.textContent = "Remove";
          b.onclick = () => command("remove " + e.n); li.appendChild(b); list.appendChild(li);
        });
        const lines = await (await api("/api/log?lines=60")).json();
        const log = $("log"), atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
        log.textContent = lines.join("\n"); if (atEnd) log.scrollTop = log.scrollHeight;
      } catch (e) { /* logged out, or the board is restarting: the next tick tries again */ }
    }
    async function screenshot() {
      try {
        const r = await api("/api/screenshot");
        if (!r.ok) { $("shotMessage").textContent = (await r.json()).error; return; }
        const url = URL.createObjectURL(await r.blob()), old = $("screen").src;
        $("screen").src = url; $("shotMessage").textContent = "";
        if (old.startsWith("blob:")) URL.revokeObjectURL(old);
      } catch (e) { }
    }
    function start() {
      refresh(); screenshot();
      if (!pollTimer) pollTimer = setInterval(refresh, 1000);
      if (!events) { events = new EventSource("/api/events"); events.onmessage = () => refresh(); }
    }
    function stop() {
      if (pollTimer) clearInterval(pollTimer); pollTimer = null;
      if (events) events.close(); events = null;
    }
    $("loginForm").onsubmit = async (e) => {
      e.preventDefault();
      const r = await fetch("/api/login", {method: "POST", headers: {"Content-Type": "text/plain"}, body: $("token").value});
      if (r.ok) { $("token").value = ""; $("loginMessage").textContent = ""; show(true); }
      else $("loginMessage").textContent = (await r.json()).error;
    };
    $("logout").onclick = async () => { await fetch("/api/logout", {method: "POST"}); show(false); };
    document.querySelectorAll("button[data-cmd]").forEach((b) => b.onclick = () => command(b.dataset.cmd));
    $("volume").onchange = () => command("volume " + ($("volume").value / 100));
    $("addForm").onsubmit = (e) => { e.preventDefault(); if ($("addLocation").value) command("add " + $("addLocation").value); $("addLocation").value = ""; };
    $("optionForm").onsubmit = async (e) => {
      e.preventDefault();
      const name = $("optionName").value.trim(), value = $("optionValue").value.trim();
      const reply = await command(value ? "set " + name + " " + value : (name ? "get " + name : "get"));
      $("options").textContent = JSON.stringify(reply.ok ? reply.reply : reply.error, null, 1);
    };
    $("upload").onclick = async () => {
      const f = $("uploadFile").files[0]; if (!f) return;
      $("uploadMessage").textContent = "uploading " + f.name + "...";
      const r = await api("/api/media/" + encodeURIComponent(f.name), {method: "PUT", body: f});
      const reply = await r.json();
      $("uploadMessage").textContent = reply.ok ? "stored " + f.name : reply.error;
    };
    $("shot").onclick = screenshot;
    $("live").onchange = () => {
      if (liveTimer) clearInterval(liveTimer); liveTimer = null;
      if ($("live").checked) liveTimer = setInterval(screenshot, 5000);
    };
    $("host").textContent = location.host;
    fetch("/api/status", {credentials: "same-origin"}).then((r) => show(r.ok)).catch(() => show(false));
    """#
}
