import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

import javax.imageio.ImageIO;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * Writes Windows' standard pointers as Windows draws them (LoadCursor, then DrawIconEx, as our Windows recorder draws
 * the pointer into its frames) to OUT/windows-NAME.png with their hotspots in OUT/cursors.properties. Each pointer is
 * drawn over white and over black: a pixel the same on both is opaque, one that turned from white to black and back is
 * an inverting one (the I-beam's), kept dark, as it shows over the light fields text is typed in. Run by harvest.sh
 * with a Windows Java under Wine.
 */
public final class HarvestWindows {

    private static final Map<String, Integer> CURSORS = Map.of("arrow", 32512, "ibeam", 32513, "wait", 32514, "cross", 32515,
            "sizewe", 32644, "sizens", 32645, "sizeall", 32646, "hand", 32649, "appstarting", 32650, "sizenwse", 32642);
    private static final int SIZE = 64;

    interface User32 extends Library {
        User32 LIB = Native.load("user32", User32.class);

        Pointer LoadCursorW(Pointer instance, Pointer name);

        boolean GetIconInfo(Pointer icon, IconInfo info);

        boolean DrawIconEx(Pointer dc, int x, int y, Pointer icon, int width, int height, int step, Pointer brush, int flags);
    }

    interface Gdi32 extends Library {
        Gdi32 LIB = Native.load("gdi32", Gdi32.class);

        Pointer CreateCompatibleDC(Pointer dc);

        Pointer CreateDIBSection(Pointer dc, Pointer info, int usage, Pointer[] bits, Pointer section, int offset);

        Pointer SelectObject(Pointer dc, Pointer object);

        boolean PatBlt(Pointer dc, int x, int y, int width, int height, int rop);

        boolean GdiFlush();
    }

    @Structure.FieldOrder({ "fIcon", "xHotspot", "yHotspot", "hbmMask", "hbmColor" })
    public static final class IconInfo extends Structure {
        public boolean fIcon;
        public int xHotspot;
        public int yHotspot;
        public Pointer hbmMask;
        public Pointer hbmColor;
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Pointer dc = Gdi32.LIB.CreateCompatibleDC(null);
        Memory header = new Memory(40); // BITMAPINFOHEADER: 32-bit top-down
        header.clear();
        header.setInt(0, 40);
        header.setInt(4, SIZE);
        header.setInt(8, -SIZE);
        header.setShort(12, (short) 1);
        header.setShort(14, (short) 32);
        Pointer[] bits = new Pointer[1];
        Gdi32.LIB.SelectObject(dc, Gdi32.LIB.CreateDIBSection(dc, header, 0, bits, null, 0));
        StringBuilder hotspots = new StringBuilder();
        for (var cursor : CURSORS.entrySet().stream().sorted(Map.Entry.comparingByKey()).toList()) {
            Pointer handle = User32.LIB.LoadCursorW(null, new Pointer(cursor.getValue()));
            IconInfo info = new IconInfo();
            if (handle == null || !User32.LIB.GetIconInfo(handle, info)) {
                System.err.println("windows-" + cursor.getKey() + ": Windows has no such pointer here, left out");
                continue;
            }
            int[] white = draw(dc, bits[0], handle, 0x00FF0062); // WHITENESS
            int[] black = draw(dc, bits[0], handle, 0x00000042); // BLACKNESS
            BufferedImage png = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_INT_ARGB);
            int left = SIZE;
            int top = SIZE;
            int right = -1;
            int bottom = -1;
            for (int i = 0; i < SIZE * SIZE; i++) {
                int alpha = 255 - Math.max(0, Math.min(255, grey(white[i]) - grey(black[i])));
                boolean inverting = grey(white[i]) < 64 && grey(black[i]) > 192;
                int argb = inverting ? 0xff000000 : alpha == 0 ? 0 : alpha << 24 | unpremultiplied(black[i], alpha);
                png.setRGB(i % SIZE, i / SIZE, argb);
                if (argb >>> 24 != 0) {
                    left = Math.min(left, i % SIZE);
                    right = Math.max(right, i % SIZE);
                    top = Math.min(top, i / SIZE);
                    bottom = Math.max(bottom, i / SIZE);
                }
            }
            if (right < 0) {
                continue;
            }
            String name = "windows-" + cursor.getKey();
            ImageIO.write(png.getSubimage(left, top, right - left + 1, bottom - top + 1), "png", out.resolve(name + ".png").toFile());
            hotspots.append(name).append('=').append(info.xHotspot - left).append(',').append(info.yHotspot - top).append('\n');
            System.out.println(name + ": " + (right - left + 1) + "x" + (bottom - top + 1) + ", hotspot " + (info.xHotspot - left) + ","
                    + (info.yHotspot - top));
        }
        Files.writeString(out.resolve("cursors.properties"), hotspots, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static int[] draw(Pointer dc, Pointer bits, Pointer cursor, int background) {
        Gdi32.LIB.PatBlt(dc, 0, 0, SIZE, SIZE, background);
        User32.LIB.DrawIconEx(dc, 0, 0, cursor, 0, 0, 0, null, 0x0003); // DI_NORMAL, the cursor's own size
        Gdi32.LIB.GdiFlush();
        return bits.getIntArray(0, SIZE * SIZE);
    }

    private static int grey(int bgr) {
        return ((bgr >> 16 & 0xff) * 299 + (bgr >> 8 & 0xff) * 587 + (bgr & 0xff) * 114) / 1000;
    }

    /** Over black, a pixel shows its colour times its alpha. */
    private static int unpremultiplied(int overBlack, int alpha) {
        int rgb = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            rgb |= Math.min(255, (overBlack >> shift & 0xff) * 255 / alpha) << shift;
        }
        return rgb;
    }
}
