#!/bin/sh
# Makes the pointer templates of the offline extraction method (bundles/org.trajectory.extract/cursors/), each from a
# real source, never drawn by hand:
#  - X: each cursor of each installed theme (the core font's, Adwaita, DMZ-White, DMZ-Black), shown over a window of a
#    private Xvfb and read through XFixes as our recorder draws it into its frames, with its hotspot (Harvest.java);
#  - applications' own: Gnumeric's cross over its cells, read the same way;
#  - Windows: Windows' standard pointers drawn by Wine's user32 as our Windows recorder draws them (HarvestWindows.java,
#    run by the Windows Java runtime the build fetches for the Windows tests).
# The method scales them itself (a 150 % display, a downscaled video). Run again when the cursor themes change:
#   releng/cursors/harvest.sh [OUT_DIR]
# Needs: xvfb xterm xdotool dmz-cursor-theme gnumeric wine (apt install ...), a JDK, JNA in ~/.m2 from the build, and the
# Windows materials (mvn process-test-resources -pl bundles/org.trajectory.recorder.windows.tests).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../bundles/org.trajectory.extract/cursors}
jna=$(ls "$HOME"/.m2/repository/net/java/dev/jna/jna/*/jna-*.jar | grep -v sources | tail -1)
display=:93
Xvfb $display -screen 0 800x600x24 -nolisten tcp & xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
export DISPLAY=$display
mkdir -p "$out"
rm -f "$out"/*.png
echo "# hotspot of each template, in its own pixels (made by releng/cursors/harvest.sh)" > "$out/cursors.properties"
# the arrow, the I-beam over text, the hand over links, the move cross, the cross over a spreadsheet's cells, the
# resize arrows, the plus
for theme in core Adwaita DMZ-White DMZ-Black; do
    for name in ${CURSORS:-left_ptr xterm hand2 fleur crosshair sb_h_double_arrow sb_v_double_arrow plus}; do
        # xterm's pointerShape resource takes any cursor name of the theme
        XCURSOR_THEME=$theme XCURSOR_SIZE=24 xterm -geometry 40x15+0+0 -xrm "XTerm*pointerShape: $name" 2>/dev/null & term=$!
        timeout 10 xdotool search --sync --onlyvisible --class xterm >/dev/null
        sleep 0.5
        xdotool mousemove 100 100
        sleep 0.3
        java --enable-native-access=ALL-UNNAMED -cp "$jna" "$here/Harvest.java" "$out" "$(echo $theme | tr A-Z a-z)-$name"
        kill $term 2>/dev/null || true
        wait $term 2>/dev/null || true
    done
done
# the shapes applications set themselves: Gnumeric's cross over its cells
if [ -z "${CURSORS:-}" ]; then
    HOME=$(mktemp -d) gnumeric --no-splash 2>/dev/null & app=$!
    window=$(timeout 30 xdotool search --sync --onlyvisible --class gnumeric | head -1)
    xdotool windowmove --sync "$window" 0 0 windowsize --sync "$window" 800 600
    sleep 1
    xdotool mousemove 300 400
    sleep 0.5
    java --enable-native-access=ALL-UNNAMED -cp "$jna" "$here/Harvest.java" "$out" gnumeric-cell
    kill $app; wait $app 2>/dev/null || true
fi
materials=$here/../../bundles/org.trajectory.recorder.windows.tests/target/windows
jre=$(ls -d "$materials"/sonar-scanner-*/jre 2>/dev/null | head -1)
if [ -z "$jre" ] || ! command -v wine >/dev/null; then
    echo "harvest: no Windows pointers (needs wine and $materials; see the header)" >&2
    exit 1
fi
prefix=$(mktemp -d)
# the Windows runtime has no compiler: the harvester is compiled here
javac --release 21 -cp "$jna" -d "$prefix/classes" "$here/HarvestWindows.java"
security=$prefix/wine.security
printf 'security.provider.1=SunMSCAPI\nsecurity.provider.12=SUN\n' > "$security"
WINEPREFIX=$prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" wine "$jre/bin/java.exe" "-Djava.security.properties=Z:$security" \
    -XX:-PrintWarnings -cp "Z:$jna;Z:$prefix/classes" HarvestWindows "Z:$(cd "$out" && pwd)"
WINEPREFIX=$prefix wineserver -k || true
rm -rf "$prefix"
