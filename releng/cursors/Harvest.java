import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

/**
 * Writes the pointer image the X server shows now (XFixes, as our recorder draws it into its frames) as OUT/NAME.png,
 * RGBA, and appends NAME=hotspot_x,hotspot_y to OUT/cursors.properties. Run by harvest.sh.
 */
public final class Harvest {

    interface X11 extends Library {
        X11 LIB = Native.load("X11", X11.class);

        Pointer XOpenDisplay(String name);

        int XFree(Pointer data);
    }

    interface Xfixes extends Library {
        Xfixes LIB = Native.load("Xfixes", Xfixes.class);

        Pointer XFixesGetCursorImage(Pointer display);
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        String name = args[1];
        Pointer display = X11.LIB.XOpenDisplay(null);
        Pointer image = Xfixes.LIB.XFixesGetCursorImage(display);
        int width = image.getShort(4) & 0xffff;
        int height = image.getShort(6) & 0xffff;
        int hotX = image.getShort(8) & 0xffff;
        int hotY = image.getShort(10) & 0xffff;
        Pointer argb = image.getPointer(24);
        BufferedImage png = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                long pixel = argb.getLong((long) (y * width + x) * 8);
                int alpha = (int) (pixel >>> 24) & 0xff;
                int rgb = 0;
                for (int channel = 0; channel < 3; channel++) { // premultiplied in XFixes, straight in PNG
                    int value = (int) (pixel >>> (8 * channel)) & 0xff;
                    rgb |= (alpha == 0 ? 0 : Math.min(255, value * 255 / alpha)) << (8 * channel);
                }
                png.setRGB(x, y, alpha << 24 | rgb);
            }
        }
        X11.LIB.XFree(image);
        ImageIO.write(png, "png", out.resolve(name + ".png").toFile());
        Files.writeString(out.resolve("cursors.properties"), name + "=" + hotX + "," + hotY + "\n",
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        System.out.println(name + ": " + width + "x" + height + ", hotspot " + hotX + "," + hotY);
    }
}
