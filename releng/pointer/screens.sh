#!/usr/bin/env bash
# Screens of real applications, without a pointer, for the pointer detector's training data: each application of
# APPS runs alone under its own Xvfb (with openbox) at two sizes, light and dark (GTK_THEME), and the screen is taken
# with ImageMagick's import (Xvfb's screen has no pointer drawn in it). Wine's programs share one prefix, made once,
# so that each starts in seconds rather than building a prefix first. Writes OUT/APP-SIZE-THEME.png.
# Usage: releng/pointer/screens.sh OUT
# Needs: xvfb openbox imagemagick xterm galculator geany featherpad l3afpad mousepad gnumeric chromium x11-apps gtk-3-examples zenity wine.
set -uo pipefail
OUT="$1"
mkdir -p "$OUT"
# name|command (run in a scratch home; the split by application is in pointer_data.py)
APPS=(
  "xterm|xterm -geometry 100x35+40+40 -e 'ls -la /usr/bin | head -80; bash'"
  "xterm-dark|xterm -bg black -fg green -geometry 120x40+10+10 -e 'dmesg 2>/dev/null | head -60; ls -R /etc | head -200; bash'"
  "galculator|galculator"
  "widget-factory|gtk3-widget-factory"
  "gtk-demo|gtk3-demo"
  "gnumeric|gnumeric"
  "geany|geany /etc/services"
  "featherpad|featherpad /etc/protocols"
  "l3afpad|l3afpad /etc/passwd"
  "xcalc|xcalc"
  "xclock-xeyes|sh -c 'xclock -geometry 300x300+50+50 & xeyes -geometry 300x200+400+100 & xlogo -geometry 200x200+100+400'"
  "zenity|zenity --forms --title=Order --add-entry=Name --add-entry=City --add-calendar=Date --text='Fill in the order'"
  "mousepad|mousepad /etc/services"
  "chromium|chromium --no-sandbox --disable-gpu --no-first-run --user-data-dir=HOME/chromium file://$(cd "$(dirname "$0")/../corpus/pages" && pwd)/form.html"
  "notepad|wine notepad"
  "winecfg|wine winecfg"
  "regedit|wine regedit"
  "control|wine control"
  "taskmgr|wine taskmgr"
  "progman|wine progman"
  "clock|wine clock"
  "oleview|wine oleview"
  "explorer|wine explorer C:\\\\windows"
)
export WINEPREFIX WINEDEBUG=-all
WINEPREFIX=$(mktemp -d)/prefix
Xvfb :139 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
DISPLAY=:139 timeout 120 wineboot -i >/dev/null 2>&1; wineserver -w 2>/dev/null
kill $! 2>/dev/null
display=140
for entry in "${APPS[@]}"; do
  name="${entry%%|*}"
  command="${entry#*|}"
  for size in 1280x800 1920x1080; do
    for theme in light dark; do
      display=$((display + 1))
      home=$(mktemp -d)
      Xvfb ":$display" -screen 0 "${size}x24" -nolisten tcp >/dev/null 2>&1 &
      xvfb=$!
      sleep 1
      DISPLAY=":$display" HOME="$home" openbox >/dev/null 2>&1 &
      gtk=""; [ "$theme" = dark ] && gtk="Adwaita:dark"
      (cd "$home" && DISPLAY=":$display" HOME="$home" GTK_THEME="$gtk" timeout 40 bash -c "${command//HOME/$home}" >/dev/null 2>&1 &)
      sleep "${WAIT:-6}"
      DISPLAY=":$display" import -window root "$OUT/$name-$size-$theme.png" 2>/dev/null && echo "$name-$size-$theme"
      pkill -f "Xvfb :$display " 2>/dev/null; kill "$xvfb" 2>/dev/null
      wineserver -k 2>/dev/null
      rm -rf "$home"
    done
  done
done
wineserver -k 2>/dev/null
rm -rf "$(dirname "$WINEPREFIX")"
