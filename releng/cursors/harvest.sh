#!/bin/sh
# Makes the pointer templates of the offline extraction method (bundles/org.trajectory.extract/cursors/): each cursor
# of the desktop's theme, shown over a window of a private Xvfb, read through XFixes as our recorder draws it into
# its frames, written with its hotspot. Run again when the cursor themes change:
#   releng/cursors/harvest.sh [OUT_DIR]   (needs xvfb, xterm, xdotool, a JDK, and JNA in ~/.m2 from the build)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../bundles/org.trajectory.extract/cursors}
jna=$(ls "$HOME"/.m2/repository/net/java/dev/jna/jna/*/jna-*.jar | grep -v sources | tail -1)
display=:93
Xvfb $display -screen 0 320x240x24 -nolisten tcp & xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY=$display
mkdir -p "$out"
echo "# hotspot of each template, in its own pixels (made by releng/cursors/harvest.sh)" > "$out/cursors.properties"
# X's own cursors (xterm and other Xlib programs) and the Adwaita theme's (GTK programs, openbox)
for theme in core Adwaita; do
    for name in ${CURSORS:-left_ptr xterm hand2 fleur}; do
        # xterm's pointerShape resource takes any cursor name of the theme
        XCURSOR_THEME=$theme xterm -geometry 40x15+0+0 -xrm "XTerm*pointerShape: $name" 2>/dev/null & term=$!
        sleep 1
        xdotool mousemove 100 100
        sleep 0.3
        java -cp "$jna" "$here/Harvest.java" "$out" "$(echo $theme | tr A-Z a-z)-$name"
        kill $term
    done
done
