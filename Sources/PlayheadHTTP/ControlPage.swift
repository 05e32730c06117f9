/// The control page: one document served from the binary with its style and script inline,
/// nothing fetched from elsewhere (a board on a closed network must still be driven). It is
/// the API's client and nothing more: every button is a console command.
enum ControlPage {
    static let html = head + body + "<script>" + ControlPage.script + "</script></body></html>\n"

    private static let head = #"""
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>playhead</title>
    <style>
    :root { --fg: #1d1d1f; --bg: #f5f5f7; --card: #fff; --accent: #0a6cff; --bad: #c62828; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
    header { display: flex; justify-content: space-between; align-items: center; padding: 10px 16px; background: #222; color: #fff; }
    header h1 { font-size: 18px; margin: 0; }
    main { display: grid; gap: 12px; padding: 12px; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); }
    section { background: var(--card); border-radius: 10px; padding: 12px; box-shadow: 0 1px 3px #0002; min-width: 0; }
    h2 { font-size: 15px; margin: 0 0 8px; }
    button { font: inherit; padding: 8px 12px; border: 0; border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; }
    button.plain { background: #e8e8ed; color: var(--fg); }
    input[type=text], input[type=password] { font: inherit; padding: 7px; border: 1px solid #ccc; border-radius: 8px; width: 100%; }
    .row { display: flex; gap: 6px; flex-wrap: wrap; align-items: center; margin: 6px 0; }
    .row > input[type=text] { flex: 1; width: auto; }
    #screen { width: 100%; background: #000; border-radius: 6px; display: block; }
    #screen:not([src]) { display: none; }
    pre:empty { display: none; }
    #state { font-weight: 600; }
    dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; }
    dt { color: #666; } dd { margin: 0; overflow-wrap: anywhere; }
    ol { padding-left: 22px; margin: 0; } li { margin: 3px 0; overflow-wrap: anywhere; } li.current { font-weight: 600; }
    li button { padding: 2px 8px; margin-left: 6px; }
    pre { font-size: 12px; background: #111; color: #ddd; padding: 8px; border-radius: 6px; max-height: 260px; overflow: auto; white-space: pre-wrap; margin: 0; }
    #message { color: var(--bad); min-height: 1.4em; }
    #login { max-width: 360px; margin: 40px auto; }
    [hidden] { display: none !important; }
    </style></head>
    """#

    private static let body = #"""
    <body>
    <header><h1>playhead</h1><span id="host"></span><button class="plain" id="logout" hidden>Log out</button></header>
    <section id="login" hidden>
      <h2>Log in</h2>
      <form id="loginForm"><div class="row"><input type="password" id="token" placeholder="API token" autocomplete="current-password"></div>
      <div class="row"><button type="submit" id="loginButton">Log in</button></div></form>
      <div id="loginMessage" class="bad"></div>
    </section>
    <main id="panel" hidden>
      <section><h2>Now playing</h2>
        <dl><dt>state</dt><dd id="state">-</dd><dt>item</dt><dd id="item">-</dd><dt>time</dt><dd id="time">-</dd>
        <dt>position</dt><dd id="position">-</dd><dt>volume</dt><dd id="volumeText">-</dd><dt>clock</dt><dd id="clock">-</dd><dt>system</dt><dd id="system">-</dd></dl>
        <div class="row">
          <button data-cmd="previous">Previous</button><button data-cmd="restart">Restart</button>
          <button data-cmd="play" id="play">Play</button><button data-cmd="pause" id="pause">Pause</button>
          <button data-cmd="stop">Stop</button><button data-cmd="next">Next</button>
        </div>
        <div class="row"><label for="volume">Volume</label><input type="range" id="volume" min="0" max="100" step="1">
          <button class="plain" data-cmd="mute toggle" id="mute">Mute</button></div>
        <div id="message"></div>
      </section>
      <section><h2>Screen</h2><img id="screen" alt="what is on screen">
        <div class="row"><label><input type="checkbox" id="live"> live (every 5 s)</label><button class="plain" id="shot">Refresh</button></div>
        <div id="shotMessage"></div>
      </section>
      <section><h2>Queue</h2><ol id="queue"></ol>
        <form class="row" id="addForm"><input type="text" id="addLocation" placeholder="file path or URL"><button type="submit">Add</button></form>
        <div class="row"><input type="file" id="uploadFile"><button class="plain" id="upload">Upload</button></div>
        <div id="uploadMessage"></div>
      </section>
      <section><h2>Options</h2>
        <form class="row" id="optionForm"><input type="text" id="optionName" placeholder="option (empty: all)">
          <input type="text" id="optionValue" placeholder="new value"><button type="submit" id="optionGet">Get / set</button></form>
        <pre id="options"></pre>
      </section>
      <section><h2>Log</h2><pre id="log"></pre></section>
    </main>
    """#
}
