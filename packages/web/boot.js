// Runs before the first paint, inline in index.html's <head> (vite.config.ts puts it there; the
// server allows it by its hash): docs/ARCHITECTURE.md, "Early reads and the live stream".
// Nothing here may throw: the app works without either part.
(function () {
  // The saved theme, so that a dark-mode user never sees a white flash.
  try {
    var theme = localStorage.getItem('habitquest.theme') || 'system';
    var dark =
      theme === 'dark' ||
      (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    var accent = localStorage.getItem('habitquest.accent');
    if (accent) document.documentElement.dataset.accent = accent;
  } catch {
    // storage unavailable: the app applies the theme once it starts
  }
  // The first screen's reads, named by the server for a signed-in browser (a meta element of
  // index.html; contracts/first-reads.ts), started now, while the app's code downloads. The app
  // takes each answer over once, when nothing can have made it older than its own read would be
  // (src/lib/early-reads.ts).
  try {
    var named = document.querySelector('meta[name="habitquest-first-reads"]');
    if (!named) return;
    var paths = JSON.parse(named.getAttribute('content') || '[]');
    var reads = {};
    for (var i = 0; i < paths.length && i < 8; i++) {
      var path = paths[i];
      if (typeof path !== 'string' || path.indexOf('/api/') !== 0) continue;
      reads[path] = fetch(path, { credentials: 'same-origin' });
      reads[path].catch(function () {
        // Not taken (a change came first): nobody waits for it, and nothing is reported.
      });
    }
    window.habitquestEarlyReads = reads;
  } catch {
    // an old browser, or no list: the app reads everything itself
  }
})();
