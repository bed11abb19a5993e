package org.trajectory.extract.kit;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.trajectory.extract.ExtractedAction;

/**
 * A short screen video made for tests, encoded by the real ffmpeg in any container: a window with a button and a
 * counter, the pointer (the Adwaita arrow, as our recorder draws it) resting, then moving onto the button, which is
 * clicked at {@link #CLICK_TIME} (the counter goes from 0 to 1), then resting there.
 *
 * @since 0.1
 */
public final class ScreenVideo {

    public static final int WIDTH = 640;
    public static final int HEIGHT = 400;
    public static final int FPS = 10;
    public static final double SECONDS = 4;
    public static final double CLICK_TIME = 1.5;
    /** Where the button is clicked, in pixels. */
    public static final ExtractedAction.Pixel CLICK = new ExtractedAction.Pixel(320, 200);

    private ScreenVideo() {
    }

    /** Writes the video to {@code file}; its extension picks the container (mp4, mkv, webm, mov). */
    public static Path write(Path file) throws IOException, InterruptedException {
        BufferedImage pointer;
        try (InputStream in = ExtractedAction.class.getResourceAsStream("/cursors/adwaita-left_ptr.png")) {
            pointer = ImageIO.read(in);
        }
        String name = file.getFileName().toString();
        List<String> codec = name.endsWith(".webm") ? List.of("-c:v", "libvpx-vp9", "-deadline", "realtime", "-b:v", "1M")
                : List.of("-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p");
        List<String> command = new java.util.ArrayList<>(List.of("ffmpeg", "-nostdin", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt",
                "rgb24", "-s", WIDTH + "x" + HEIGHT, "-r", Integer.toString(FPS), "-i", "-"));
        command.addAll(codec);
        command.add(file.toString());
        Process ffmpeg = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream out = ffmpeg.getOutputStream()) {
            for (int frame = 0; frame < SECONDS * FPS; frame++) {
                out.write(rgb(frame / (double) FPS, pointer));
            }
        }
        if (!ffmpeg.waitFor(60, TimeUnit.SECONDS) || ffmpeg.exitValue() != 0) {
            throw new IOException("ffmpeg could not write " + file);
        }
        return file;
    }

    private static byte[] rgb(double time, BufferedImage pointer) {
        BufferedImage screen = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = screen.createGraphics();
        g.setColor(new Color(40, 44, 52));
        g.fillRect(0, 0, WIDTH, HEIGHT);
        g.setColor(new Color(246, 245, 244));
        g.fillRect(120, 60, 400, 280);
        g.setColor(new Color(53, 132, 228));
        g.fillRect(120, 60, 400, 24);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 22));
        g.drawString("count: " + (time >= CLICK_TIME ? 1 : 0), 250, 130);
        g.setColor(new Color(220, 220, 218));
        g.fillRoundRect(270, 180, 100, 40, 8, 8);
        g.setColor(Color.BLACK);
        g.drawString("Add", 298, 208);
        int x = time < CLICK_TIME - 0.25 ? 180 : CLICK.x();
        int y = time < CLICK_TIME - 0.25 ? 290 : CLICK.y();
        g.drawImage(pointer, x - 4, y - 4, null); // the arrow's hotspot is at (4, 4)
        g.dispose();
        byte[] rgb = new byte[WIDTH * HEIGHT * 3];
        int[] row = new int[WIDTH];
        for (int yy = 0; yy < HEIGHT; yy++) {
            screen.getRGB(0, yy, WIDTH, 1, row, 0, WIDTH);
            for (int xx = 0; xx < WIDTH; xx++) {
                int at = (yy * WIDTH + xx) * 3;
                rgb[at] = (byte) (row[xx] >> 16);
                rgb[at + 1] = (byte) (row[xx] >> 8);
                rgb[at + 2] = (byte) row[xx];
            }
        }
        return rgb;
    }
}
