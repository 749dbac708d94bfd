(function () {
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
})();
