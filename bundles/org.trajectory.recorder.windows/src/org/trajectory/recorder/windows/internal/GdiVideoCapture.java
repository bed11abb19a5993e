package org.trajectory.recorder.windows.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSink;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.Preview;
import org.trajectory.recorder.ScreenVideo;

import com.sun.jna.platform.win32.GDI32;
import com.sun.jna.platform.win32.User32;
import com.sun.jna.platform.win32.WinDef.HBITMAP;
import com.sun.jna.platform.win32.WinDef.HDC;
import com.sun.jna.platform.win32.WinGDI;
import com.sun.jna.platform.win32.WinNT.HANDLE;
import com.sun.jna.ptr.PointerByReference;

/**
 * The screen as a video, grabbed by us: the virtual screen copied with GDI's BitBlt into a DIB section at a fixed rate,
 * the pointer drawn in with its own shape, the pixels piped raw to ffmpeg ({@link ScreenVideo}, as on Linux), each
 * frame stamped on the events' clock as it is taken. GDI says nothing of what changed, so every slot is copied, but a
 * frame the same as the last one written (pointer included) is not written, until a second has passed: a still desktop
 * costs the copies, not the encoding. A frame not taken in time is skipped, not repeated. A recorder that dies closes
 * the pipe and ffmpeg finishes the file. (DXGI desktop duplication, which reports what changed, would be cheaper on
 * real Windows; GDI works everywhere, Wine included.)
 */
final class GdiVideoCapture {

    private static final int SRCCOPY = 0x00CC0020;
    /** Layered windows (tooltips, menus' shadows) are in the copy too. */
    private static final int CAPTUREBLT = 0x40000000;

    private final Screen screen;
    private final int fps;
    private final CaptureSink sink;
    private final Process ffmpeg;
    private final Thread thread;
    /** The pointer drawn into each frame; the grab thread's. */
    private final PointerIcon pointer = new PointerIcon();
    private volatile boolean running = true;
    // the grab thread's: the frame read and the last one written, and which slots become frames
    private byte[] frame;
    private byte[] written;
    private final ScreenVideo.Cadence cadence;

    private GdiVideoCapture(Path video, int fps, Screen screen, CaptureSink sink) throws CaptureException {
        this.screen = screen;
        this.fps = fps;
        this.sink = sink;
        this.cadence = new ScreenVideo.Cadence(sink);
        try {
            ffmpeg = new ProcessBuilder(ScreenVideo.encoder("pipe:0", screen.width(), screen.height(), fps, video))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(video.resolveSibling("ffmpeg.log").toFile()).start();
        } catch (IOException e) {
            throw new CaptureException("ffmpeg.exe, which encodes the screen video, was not found on the PATH (" + e.getMessage()
                    + "). Install ffmpeg (winget install ffmpeg) or put the folder holding ffmpeg.exe on the PATH; or record"
                    + " without video.", e);
        }
        thread = new Thread(this::grab, "Windows screen frames");
        thread.setDaemon(true);
    }

    static GdiVideoCapture start(Path video, int fps, Screen screen, CaptureSink sink) throws CaptureException {
        GdiVideoCapture capture = new GdiVideoCapture(video, fps, screen, sink);
        capture.thread.start();
        return capture;
    }

    /** Frame n is due at start + n / fps; a frame whose time has passed by a whole period is skipped. */
    private void grab() {
        GDI32 gdi = GDI32.INSTANCE;
        User32 user32 = User32.INSTANCE;
        HDC screenDc = user32.GetDC(null);
        HDC memoryDc = gdi.CreateCompatibleDC(screenDc);
        WinGDI.BITMAPINFO info = new WinGDI.BITMAPINFO();
        info.bmiHeader.biWidth = screen.width();
        info.bmiHeader.biHeight = -screen.height(); // top-down rows, as ffmpeg reads them
        info.bmiHeader.biPlanes = 1;
        info.bmiHeader.biBitCount = 32;
        info.bmiHeader.biCompression = WinGDI.BI_RGB;
        PointerByReference bits = new PointerByReference();
        HBITMAP bitmap = gdi.CreateDIBSection(memoryDc, info, WinGDI.DIB_RGB_COLORS, bits, null, 0);
        HANDLE previous = gdi.SelectObject(memoryDc, bitmap);
        int size = screen.width() * screen.height() * 4;
        frame = new byte[size];
        written = new byte[size];
        long period = 1_000_000_000L / fps;
        long start = 0;
        try (OutputStream pipe = ffmpeg.getOutputStream()) {
            for (long slot = 0; running; slot++) {
                if (cadence.frames() == 1 && start == 0) {
                    start = System.nanoTime() - period; // the first write waited for ffmpeg to start: time runs from here
                    slot = 1;
                }
                long wait = start + slot * period - System.nanoTime();
                if (start != 0 && wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } else if (start != 0 && -wait > period) {
                    continue; // skipped: the frame table shows the gap
                }
                double before = Clock.now();
                gdi.BitBlt(memoryDc, 0, 0, screen.width(), screen.height(), screenDc, screen.x(), screen.y(), SRCCOPY | CAPTUREBLT);
                double after = Clock.now();
                pointer.draw(memoryDc, screen);
                Win32.Gdi32.LIB.GdiFlush(); // GDI batches calls: the pointer must be in the bits read next
                bits.getValue().read(0, frame, 0, size);
                write(pipe, before, after, false);
            }
            if (cadence.unchanged() > 0) {
                double now = Clock.now();
                write(pipe, now, now, true); // the video lasts as long as the recording, not to its last change
            }
        } catch (IOException e) {
            sink.problem("ffmpeg stopped taking frames (" + e.getMessage() + "); the video ends here.", false);
        } catch (InterruptedException e) {
            // stopped
        } finally {
            gdi.SelectObject(memoryDc, previous);
            gdi.DeleteObject(bitmap);
            gdi.DeleteDC(memoryDc);
            user32.ReleaseDC(null, screenDc);
        }
    }

    /**
     * Writes the frame just read, unless it is the one written before again, a second has not passed since, and it is
     * not the {@code last}.
     */
    private void write(OutputStream pipe, double before, double after, boolean last) throws IOException {
        if (!cadence.take(after, last, () -> !Arrays.equals(frame, written))) {
            return;
        }
        pipe.write(frame);
        byte[] swap = written;
        written = frame;
        frame = swap;
        cadence.written(before, after, () -> Preview.ofBgra(java.nio.ByteBuffer.wrap(written), screen.width(), screen.height(),
                screen.width() * 4));
    }

    /** Stops grabbing; closing the pipe lets ffmpeg finish the file, which is waited for. */
    void stop() {
        running = false;
        try {
            thread.join(3000);
            if (!ffmpeg.waitFor(15, TimeUnit.SECONDS)) {
                ffmpeg.destroyForcibly();
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
