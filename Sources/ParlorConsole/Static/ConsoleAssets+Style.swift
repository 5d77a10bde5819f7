/// The console's files: one style sheet and one small script.
enum ConsoleAssets {
    static let css = #"""
        :root { --ink: #1d2330; --muted: #6b7385; --line: #dfe3ea; --bg: #f5f6f8; --card: #fff; --accent: #2f5bd3; --danger: #b42318; --ok: #067647; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
        a { color: var(--accent); }
        header.top { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 20px; padding: 10px 20px; background: #141a26; color: #fff; }
        header.top a { color: #cfd6e6; text-decoration: none; }
        header.top .brand { color: #fff; font-weight: 700; }
        nav.sections { display: flex; flex-wrap: wrap; gap: 4px 14px; flex: 1; }
        nav.sections a[aria-current="page"] { color: #fff; border-bottom: 2px solid #7aa2ff; }
        form.signout { display: flex; align-items: center; gap: 8px; margin: 0; }
        form.signout .who { color: #cfd6e6; font-size: 13px; }
        main { max-width: 1200px; margin: 0 auto; padding: 16px 20px 48px; }
        h1 { font-size: 24px; margin: 8px 0 16px; }
        h2 { font-size: 17px; margin: 0 0 10px; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin: 0 0 16px; overflow-x: auto; }
        .narrow { max-width: 420px; }
        .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: 16px; margin-bottom: 16px; }
        .figure { font-size: 28px; font-weight: 700; }
        .muted { color: var(--muted); }
        .wrap { word-break: break-all; }
        .notice { background: #ecfdf3; border: 1px solid #abefc6; color: var(--ok); padding: 10px 14px; border-radius: 6px; }
        .problem { background: #fef3f2; border: 1px solid #fecdca; color: var(--danger); padding: 10px 14px; border-radius: 6px; }
        .secret code { font-size: 18px; background: #fff8e6; padding: 6px 10px; border-radius: 4px; }
        .tag { display: inline-block; font-size: 12px; padding: 1px 7px; border-radius: 10px; background: #eef1f6; color: var(--muted); }
        .tag.bad { background: #fef3f2; color: var(--danger); }
        .tag.good { background: #ecfdf3; color: var(--ok); }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; padding: 7px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        form { margin: 0; }
        form.card label, form.stack label { display: block; margin: 0 0 12px; }
        form.inline, form.filters { display: flex; flex-wrap: wrap; align-items: end; gap: 8px 12px; }
        label { font-size: 13px; color: var(--muted); }
        input, select, textarea { display: block; font: inherit; color: var(--ink); padding: 6px 9px; border: 1px solid #c4cad6; border-radius: 6px; background: #fff; min-width: 0; }
        form.card input, form.stack input, form.stack textarea, form.stack select { width: 100%; margin-top: 4px; }
        textarea { min-height: 80px; }
        button, .button { display: inline-block; font: inherit; font-size: 14px; padding: 6px 14px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
        button.secondary, .button.secondary { background: #fff; color: var(--accent); }
        button.danger { background: var(--danger); border-color: var(--danger); }
        header.top button { background: transparent; border-color: #56607a; color: #cfd6e6; padding: 3px 10px; }
        nav.pager { margin-top: 12px; }
        .actions { display: flex; flex-wrap: wrap; gap: 12px; align-items: end; }
        .actions form { padding: 10px; border: 1px dashed var(--line); border-radius: 6px; }
        svg.chart { width: 100%; height: auto; max-height: 140px; }
        svg.chart .line { fill: none; stroke: var(--accent); stroke-width: 2; }
        svg.chart .line.second { stroke: #d97706; }
        svg.chart .axis { stroke: var(--line); }
        svg.chart text { font-size: 11px; fill: var(--muted); }
        figure { margin: 0; }
        figure.position svg, figure.position img { max-width: 480px; width: 100%; height: auto; background: #fff; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; }
        a.figure-link { display: flex; flex-direction: column; gap: 2px; color: var(--ink); text-decoration: none; }
        a.figure-link:hover { border-color: var(--accent); }
        .figure.bad { color: var(--danger); }
        .small { font-size: 12px; }
        .grid.charts { grid-template-columns: repeat(auto-fit, minmax(360px, 1fr)); }
        svg.chart circle.line { fill: var(--accent); stroke: none; }
        svg.chart circle.line.second { fill: #d97706; }
        form.filters select { height: 34px; }
        form.filters input:not([type=checkbox]):not([type=radio]) { height: 34px; }
        table.ranks { width: auto; min-width: 60%; }
        .table-top { display: flex; flex-wrap: wrap; gap: 16px 32px; align-items: center; margin-bottom: 12px; }
        .playing-card { display: inline-block; min-width: 64px; padding: 14px 12px; font-size: 30px; font-weight: 700; text-align: center; border: 1px solid #c4cad6; border-radius: 8px; background: #fff; }
        .red-suit { color: #c0262d; }
        span.player { display: block; white-space: nowrap; }
        td.nowrap { white-space: nowrap; }
        figure.position.board svg { max-width: 760px; }
        nav.subnav { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: -6px 0 14px; font-size: 14px; }
        .narrowish { max-width: 760px; }
        .columns { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 0 12px; }
        fieldset { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 12px; padding: 8px 12px 0; }
        legend { font-size: 13px; color: var(--muted); padding: 0 4px; }
        .field-error { color: var(--danger); font-size: 13px; margin: -8px 0 12px; }
        form.stack label.check { display: flex; align-items: center; gap: 8px; }
        form.stack label.check input { width: auto; margin: 0; }
        div.problem { margin: 0 0 16px; }
        div.problem p { margin: 0; }
        .problem ul { margin: 6px 0 0; padding-left: 20px; }
        .problem-card { border-color: #fecdca; }
        table.board { font-size: 12px; table-layout: fixed; min-width: 960px; }
        table.board th, table.board td { padding: 4px 5px; border: 1px solid var(--line); }
        table.board thead th { text-transform: none; letter-spacing: 0; color: var(--ink); overflow-wrap: anywhere; }
        table.board th.round { width: 40px; }
        span.origin { display: block; }
        table.board td.pick .label { color: var(--muted); font-variant-numeric: tabular-nums; }
        table.board td.pos-QB { background: #fdf2f8; }
        table.board td.pos-RB { background: #ecfdf3; }
        table.board td.pos-WR { background: #eff6ff; }
        table.board td.pos-TE { background: #fff7ed; }
        table.board .on-clock { outline: 2px solid var(--accent); outline-offset: -2px; background: #eef3ff; }
        .actions.moderation { align-items: stretch; }
        .actions.moderation form { display: flex; flex-direction: column; min-width: 210px; }
        .actions.moderation form button { margin-top: auto; align-self: flex-start; }
        .actions h3 { font-size: 14px; margin: 0 0 8px; }
        form.resolve label { margin-bottom: 8px; }
        blockquote.chat { margin: 6px 0 0; padding: 4px 8px; border-left: 3px solid var(--line); }
        @media (max-width: 700px) { main { padding: 12px; } th, td { padding: 6px 4px; } }
        """#
}
