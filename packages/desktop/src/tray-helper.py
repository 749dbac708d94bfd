#!/usr/bin/python3
"""HabitQuest's tray icon: a StatusNotifierItem through Ayatana AppIndicator (docs/desktop.md).

The shell starts it and talks to it in JSON lines: it reads {"visible": bool, "due": str} on
stdin and writes {"event": "toggle" | "exit"} on stdout. It quits when stdin closes, so it never
outlives the shell.
"""
import json
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("AyatanaAppIndicator3", "0.1")
from gi.repository import AyatanaAppIndicator3 as AppIndicator  # noqa: E402
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

icon_dir, icon_name, labels = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])


def emit(event):
    sys.stdout.write(json.dumps({"event": event}) + "\n")
    sys.stdout.flush()


indicator = AppIndicator.Indicator.new_with_path(
    "habitquest", icon_name, AppIndicator.IndicatorCategory.APPLICATION_STATUS, icon_dir
)
indicator.set_title("HabitQuest")
indicator.set_status(AppIndicator.IndicatorStatus.ACTIVE)

menu = Gtk.Menu()
toggle = Gtk.MenuItem(label=labels["hide"])
toggle.connect("activate", lambda _item: emit("toggle"))
due = Gtk.MenuItem(label=labels["due"])
due.set_sensitive(False)
quit_item = Gtk.MenuItem(label=labels["exit"])
quit_item.connect("activate", lambda _item: emit("exit"))
for item in (toggle, due, Gtk.SeparatorMenuItem(), quit_item):
    menu.append(item)
menu.show_all()
indicator.set_menu(menu)
# A middle click (or the host's "activate") shows or hides the window.
indicator.set_secondary_activate_target(toggle)


def on_input(source, _condition):
    line = source.readline()
    if not line:
        Gtk.main_quit()
        return False
    try:
        state = json.loads(line)
    except ValueError:
        return True
    if "visible" in state:
        toggle.set_label(labels["hide"] if state["visible"] else labels["show"])
    if "due" in state:
        due.set_label(state["due"])
    if state.get("popup") is False:
        menu.popdown()
    elif state.get("popup") and os.environ.get("HABITQUEST_DESKTOP_TEST_HOOKS") == "1":
        # The shell's own tests: the menu as GTK draws it (the XEmbed fallback, and the look
        # a tray host copies), on screen for a screenshot.
        menu.popup_at_rect(
            Gdk.get_default_root_window(),
            Gdk.Rectangle(),
            Gdk.Gravity.NORTH_WEST,
            Gdk.Gravity.NORTH_WEST,
            None,
        )
    return True


GLib.io_add_watch(sys.stdin, GLib.IO_IN | GLib.IO_HUP, on_input)
emit("ready")
Gtk.main()
