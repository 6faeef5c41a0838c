// SPDX-License-Identifier: Apache-2.0
// LoraScope's HTML report page: turns the report data (a JSON block written by core/report, shape
// in core/report/reportdoc.h) into sections, sortable tables with CSV downloads and Apache ECharts
// charts. No text of its own: every word comes with the data (core/report/reportstrings.cpp). When
// done it records its state on <body> (data-report-state, data-charts, data-charts-drawn,
// data-errors), which the headless-browser test reads.
(function () {
  'use strict';
  var errors = window.__lsErrors || [];
  var data = JSON.parse(document.getElementById('lorascope-report-data').textContent);
  var S = data.strings || {};
  var charts = [];
  var app = document.getElementById('app');

  function t(key) { return S[key] !== undefined ? S[key] : key; }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function fmt(v, digits) {
    if (v === null || v === undefined) return '-';
    if (typeof v !== 'number') return String(v);
    if (digits < 0) return String(v);
    return v.toFixed(digits);
  }
  function csvCell(v) {
    var s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s;
  }
  function download(name, text, type) {
    var blob = new Blob([text], { type: type });
    var a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  function renderFacts(item) {
    var dl = el('dl', 'facts');
    item.rows.forEach(function (r) {
      dl.appendChild(el('dt', null, r[0]));
      dl.appendChild(el('dd', null, r[1]));
    });
    return dl;
  }

  function renderMetrics(item) {
    var tbl = el('table', 'metrics');
    var head = el('tr');
    [t('page.metric'), t('page.value'), t('page.unit'), t('page.meaning')].forEach(function (h) { head.appendChild(el('th', null, h)); });
    tbl.appendChild(head);
    item.rows.forEach(function (r) {
      var tr = el('tr');
      tr.appendChild(el('td', 'label', r.label));
      var v = el('td', 'num', r.text);
      v.dataset.key = r.key;
      if (r.value !== null) v.title = t('page.exact') + ' ' + String(r.value);
      tr.appendChild(v);
      tr.appendChild(el('td', 'unit', r.unit));
      tr.appendChild(el('td', 'explain', r.explain));
      tbl.appendChild(tr);
    });
    return tbl;
  }

  function renderTable(item) {
    var box = el('div', 'table-box');
    if (item.title) box.appendChild(el('h3', null, item.title));
    if (item.explain) box.appendChild(el('p', 'explain', item.explain));
    var bar = el('div', 'table-bar');
    var btn = el('button', null, t('page.download') + ' ' + item.download);
    btn.addEventListener('click', function () {
      if (item.raw) { download(item.download, item.rows[0][0], 'application/json'); return; }
      var lines = [item.columns.map(function (c) { return csvCell(c.label + (c.unit ? ' (' + c.unit + ')' : '')); }).join(',')];
      item.rows.forEach(function (r) { lines.push(r.map(csvCell).join(',')); });
      download(item.download, lines.join('\n') + '\n', 'text/csv');
    });
    bar.appendChild(btn);
    bar.appendChild(el('span', 'count', item.rows.length + ' ' + t('page.rows')));
    box.appendChild(bar);
    if (item.note) box.appendChild(el('p', 'note', item.note));
    if (item.shown === 0) return box;
    var tbl = el('table', 'data');
    var head = el('tr');
    var rows = item.rows.slice();
    var limit = item.shown || 500;
    var sortCol = -1, asc = true;
    var body = el('tbody');
    function fill() {
      body.textContent = '';
      rows.slice(0, limit).forEach(function (r) {
        var tr = el('tr');
        r.forEach(function (v, i) {
          var c = item.columns[i] || { digits: -1 };
          var td = el('td', c.digits >= 0 ? 'num' : null, fmt(v, c.digits));
          if (typeof v === 'number' && c.digits >= 0) td.title = String(v);
          tr.appendChild(td);
        });
        body.appendChild(tr);
      });
      more.style.display = rows.length > limit ? '' : 'none';
    }
    item.columns.forEach(function (c, i) {
      var th = el('th', null, c.label + (c.unit ? ' (' + c.unit + ')' : ''));
      if (item.sortable) {
        th.className = 'sortable';
        th.title = t('page.sort');
        th.addEventListener('click', function () {
          asc = sortCol === i ? !asc : c.digits < 0;
          sortCol = i;
          rows.sort(function (a, b) {
            var x = a[i], y = b[i];
            if (x === null || x === undefined) return 1;
            if (y === null || y === undefined) return -1;
            var r = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
            return asc ? r : -r;
          });
          Array.prototype.forEach.call(head.children, function (h, k) { h.dataset.sorted = k === i ? (asc ? 'asc' : 'desc') : ''; });
          fill();
        });
      }
      head.appendChild(th);
    });
    var thead = el('thead');
    thead.appendChild(head);
    tbl.appendChild(thead);
    tbl.appendChild(body);
    var more = el('button', 'more', t('page.show_all') + ' (' + item.rows.length + ')');
    more.addEventListener('click', function () { limit = rows.length; fill(); });
    var wrap = el('div', 'table-scroll');
    wrap.appendChild(tbl);
    box.appendChild(wrap);
    box.appendChild(more);
    fill();
    return box;
  }

  function renderChart(item) {
    var card = el('figure', 'chart-card');
    card.appendChild(el('h3', null, item.title));
    var div = el('div', 'chart');
    div.id = 'chart-' + item.id;
    card.appendChild(div);
    if (item.explain) card.appendChild(el('figcaption', 'explain', item.explain));
    charts.push({ item: item, div: div });
    return card;
  }

  function drawChart(c) {
    var item = c.item;
    var logY = item.y.type === 'log', logX = item.x.type === 'log';
    var points = 0;
    var series = item.series.map(function (s) {
      var d = s.data.filter(function (p) {
        return !(logY && p[1] !== null && p[1] <= 0) && !(logX && p[0] !== null && p[0] <= 0);
      });
      var shown = d.filter(function (p) { return p[1] !== null; }).length;
      points += shown;
      return {
        name: s.name, type: s.kind === 'bar' ? 'bar' : s.kind === 'scatter' ? 'scatter' : 'line',
        step: s.kind === 'step' ? 'end' : false, data: d, showSymbol: shown <= 60 && s.kind !== 'step', symbolSize: 5,
        lineStyle: { type: s.dashed ? 'dashed' : 'solid', width: 1.6 }, areaStyle: s.area ? { opacity: 0.2 } : undefined,
        sampling: d.length > 2000 ? 'lttb' : undefined, large: d.length > 5000, connectNulls: false, emphasis: { focus: 'series' }
      };
    });
    if (item.marks.length) {
      if (!series.length) series.push({ name: '', type: 'line', data: [] });
      series[0].markLine = {
        symbol: 'none', silent: false, animation: false,
        lineStyle: { type: 'dotted', color: '#555' },
        label: { formatter: '{b}', position: 'insideEndTop', fontSize: 10 },
        data: item.marks.map(function (m) {
          var o = { name: m.label };
          o[m.axis === 'x' ? 'xAxis' : 'yAxis'] = m.value;
          return o;
        })
      };
    }
    var chart = echarts.init(c.div, null, { renderer: 'canvas', locale: data.lang === 'zh_CN' ? 'ZH' : 'EN' });
    chart.setOption({
      animation: false,
      tooltip: { trigger: 'axis', confine: true },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 64, right: 24, top: 36, bottom: 64 },
      toolbox: { right: 0, top: 18, feature: { dataZoom: { yAxisIndex: 'none' }, restore: {}, saveAsImage: { pixelRatio: 2 } } },
      xAxis: { type: item.x.type, name: item.x.name, nameLocation: 'middle', nameGap: 26, scale: true },
      yAxis: { type: item.y.type, name: item.y.name, nameLocation: 'middle', nameGap: 48, scale: item.y.type === 'log' },
      dataZoom: [{ type: 'inside', filterMode: 'none' }, { type: 'slider', height: 14, bottom: 4, filterMode: 'none' }],
      series: series
    });
    c.chart = chart;
    c.points = points;
  }

  function canvasDrawn(div) {
    var cv = div.querySelector('canvas');
    if (!cv || !cv.width || !cv.height) return false;
    var px = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
    for (var i = 3; i < px.length; i += 16) if (px[i] !== 0) return true;
    return false;
  }

  function render() {
    document.title = data.title;
    var header = el('header');
    header.appendChild(el('h1', null, data.title));
    if (data.subtitle) header.appendChild(el('p', 'subtitle', data.subtitle));
    if (data.generated) header.appendChild(el('p', 'generated', data.generated));
    var nav = el('nav');
    data.sections.forEach(function (s) {
      var a = el('a', null, s.title);
      a.href = '#' + s.id;
      nav.appendChild(a);
    });
    header.appendChild(nav);
    app.appendChild(header);
    (data.banners || []).forEach(function (b) { app.appendChild(el('div', 'banner ' + b.level, b.text)); });
    data.sections.forEach(function (s) {
      var sec = el('section');
      sec.id = s.id;
      sec.appendChild(el('h2', null, s.title));
      var grid = null;
      s.items.forEach(function (it) {
        var node;
        if (it.type === 'chart') {
          if (!grid) { grid = el('div', 'chart-grid'); sec.appendChild(grid); }
          grid.appendChild(renderChart(it));
          return;
        }
        grid = null;
        if (it.type === 'facts') node = renderFacts(it);
        else if (it.type === 'metrics') node = renderMetrics(it);
        else if (it.type === 'table') node = renderTable(it);
        else if (it.type === 'list') {
          node = el('ul', 'list');
          it.items.forEach(function (x) { node.appendChild(el('li', null, x)); });
        } else if (it.type === 'text') node = el('p', 'text', it.text);
        if (node) sec.appendChild(node);
      });
      app.appendChild(sec);
    });
    charts.forEach(function (c) {
      try { drawChart(c); } catch (e) { errors.push('chart ' + c.item.id + ': ' + e.message); }
    });
    window.addEventListener('resize', function () { charts.forEach(function (c) { if (c.chart) c.chart.resize(); }); });
  }

  try { render(); } catch (e) { errors.push(String(e && e.stack || e)); }
  var drawn = charts.filter(function (c) { return c.chart && c.points > 0 && canvasDrawn(c.div); });
  document.body.dataset.charts = String(charts.length);
  document.body.dataset.chartsDrawn = String(drawn.length);
  document.body.dataset.chartsUndrawn = charts.filter(function (c) { return drawn.indexOf(c) < 0; }).map(function (c) { return c.item.id; }).join(' ');
  document.body.dataset.errors = String(errors.length);
  if (errors.length) {
    var pre = el('pre', 'errors', errors.join('\n'));
    pre.id = 'lorascope-errors';
    document.body.appendChild(pre);
  }
  document.body.dataset.reportState = 'ready';
})();
