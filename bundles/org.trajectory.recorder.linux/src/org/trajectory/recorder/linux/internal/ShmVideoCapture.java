package org.trajectory.recorder.linux.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.trajectory.recorder.CaptureException;
import org.trajectory.recorder.CaptureSink;
import org.trajectory.recorder.Clock;
import org.trajectory.recorder.Preview;
import org.trajectory.recorder.ScreenVideo;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;

/**
 * The screen as a video, grabbed by us: each frame read through MIT-SHM at a fixed rate, the pointer drawn in from
 * XFixes, piped raw to the real ffmpeg (libx264 into Matroska, a key frame every 2 s), and stamped on the events' clock
 * as it is taken ({@link CaptureSink#frame}), so every frame has its time in the frame table. A frame not taken in
 * time is skipped, not repeated, and counted. Where the server has DAMAGE, a frame is taken only when something was
 * drawn or the pointer moved, and at least once a second ({@link ScreenVideo#KEEP_ALIVE_S}): the video's frames then come at
 * a variable rate, each stamped by ffmpeg's clock as it arrives and by the frame table on the events' clock, and a
 * still desktop costs next to nothing. The pipe is a named one with a 1 MiB buffer, written straight from the
 * shared memory (no copy through Java, 16 times fewer switches than a process pipe's 64 KiB); a recorder that dies
 * closes it, and ffmpeg finishes the file.
 */
final class ShmVideoCapture {

    private static final int Z_PIXMAP = 2;
    private static final int IPC_PRIVATE = 0;
    private static final int IPC_CREAT = 01000;
    private static final int IPC_RMID = 0;
    private static final int O_WRONLY = 1;
    private static final int F_SETPIPE_SZ = 1031;

    private final Xlib.X11 x = Xlib.X11.LIB;
    private final Pointer display;
    private final long root;
    private final int width;
    private final int height;
    private final int fps;
    private final Pointer image;
    private final Memory shminfo = new Memory(32);
    private final Pointer pixels;
    private final boolean cursor;
    private final Process ffmpeg;
    private final int pipe;
    private final Thread thread;
    private volatile boolean running = true;
    /** Set with {@link #running} false when the X server went away: no last frame is taken then. */
    private volatile boolean serverGone;
    private volatile long dropped;
    private final ScreenVideo.Cadence cadence;

    /** Whether the X server offers MIT-SHM to {@code display}. */
    static boolean available(Pointer display) {
        try {
            return Xlib.Xext.LIB.XShmQueryExtension(display);
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    private ShmVideoCapture(Path video, int fps, int width, int height, CaptureSink sink) throws CaptureException {
        this.fps = fps;
        this.width = width;
        this.height = height;
        this.cadence = new ScreenVideo.Cadence(sink);
        display = X11Session.open(); // with the handler that keeps a lost server from ending the process
        int screen = x.XDefaultScreen(display);
        root = x.XDefaultRootWindow(display);
        shminfo.clear();
        image = Xlib.Xext.LIB.XShmCreateImage(display, x.XDefaultVisual(display, screen), x.XDefaultDepth(display, screen), Z_PIXMAP,
                null, shminfo, width, height);
        if (image == null || image.getInt(48) != 32) {
            x.XCloseDisplay(display);
            throw new CaptureException("The screen is not 32 bits a pixel; MIT-SHM capture needs it.");
        }
        int bytes = image.getInt(44) * height;
        int id = Xlib.LibC.LIB.shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
        pixels = Xlib.LibC.LIB.shmat(id, null, 0);
        shminfo.setInt(8, id);
        shminfo.setPointer(16, pixels);
        shminfo.setInt(24, 0);
        image.setPointer(16, pixels);
        Xlib.Xext.LIB.XShmAttach(display, shminfo);
        x.XSync(display, false);
        Xlib.LibC.LIB.shmctl(id, IPC_RMID, null); // freed by the system when both sides detach, even after a crash
        cursor = hasXfixes(display);
        Path fifo;
        try {
            Path folder = java.nio.file.Files.createTempDirectory("trajectory-frames");
            fifo = folder.resolve("frames");
            if (Xlib.LibC.LIB.mkfifo(fifo.toString(), 0600) != 0) {
                throw new IOException("could not make a named pipe in " + folder);
            }
            fifo.toFile().deleteOnExit();
            folder.toFile().deleteOnExit();
        } catch (IOException e) {
            release();
            throw new CaptureException("Could not prepare the screen video: " + e.getMessage(), e);
        }
        try {
            ffmpeg = new ProcessBuilder(ScreenVideo.encoder(fifo.toString(), width, height, fps, video))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(video.resolveSibling("ffmpeg.log").toFile()).start();
        } catch (IOException e) {
            release();
            throw new CaptureException("Could not start ffmpeg (apt install ffmpeg): " + e.getMessage(), e);
        }
        pipe = Xlib.LibC.LIB.open(fifo.toString(), O_WRONLY); // waits for ffmpeg to open its end
        try {
            java.nio.file.Files.deleteIfExists(fifo); // both ends are open: the name is no longer needed
            java.nio.file.Files.deleteIfExists(fifo.getParent());
        } catch (IOException e) {
            // a leftover empty temp folder, removed at exit
        }
        if (pipe < 0) {
            ffmpeg.destroyForcibly();
            release();
            throw new CaptureException("Could not open the pipe to ffmpeg; see " + video.resolveSibling("ffmpeg.log"));
        }
        Xlib.LibC.LIB.fcntl(pipe, F_SETPIPE_SZ, 1 << 20);
        thread = new Thread(this::grab, "X11 screen frames");
        thread.setDaemon(true);
    }

    static ShmVideoCapture start(Path video, int fps, int width, int height, CaptureSink sink) throws CaptureException {
        ShmVideoCapture capture = new ShmVideoCapture(video, fps, width, height, sink);
        capture.thread.start();
        return capture;
    }

    private static boolean hasXfixes(Pointer display) {
        try {
            return Xlib.Xfixes.LIB.XFixesQueryExtension(display, new IntByReference(), new IntByReference());
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    /**
     * Frame n is due at start + n / fps; a frame whose time has passed by a whole period is skipped. The clock starts
     * after the first frame, whose write waits for ffmpeg to be ready.
     */
    private void grab() {
        long period = 1_000_000_000L / fps;
        long start = 0;
        DamageWatch watch = X11Backend.VIDEO_EVERY_FRAME.equals(System.getenv(X11Backend.VIDEO_VARIABLE)) ? null
                : DamageWatch.start(display, root);
        try {
            for (long slot = 0; running; slot++) {
                if (cadence.frames() == 1 && start == 0) {
                    start = System.nanoTime() - period; // the first write waited for ffmpeg to start: time runs from here
                    slot = 1;
                }
                long due = start + slot * period;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } else if (-wait > period) {
                    dropped++;
                    continue;
                }
                if (!take(watch, false)) {
                    return; // the server or ffmpeg is gone: the file holds what was written
                }
            }
            if (!serverGone && cadence.unchanged() > 0) {
                take(watch, true); // the video lasts as long as the recording, not to its last change
            }
        } catch (InterruptedException e) {
            // stopped
        } finally {
            Xlib.LibC.LIB.close(pipe); // ffmpeg sees the end and finishes the file (the damage goes with the connection)
        }
    }

    /**
     * This slot's frame, unless nothing changed since the last one written and it is not the {@code last}; false when
     * the X server or ffmpeg is gone.
     */
    private boolean take(DamageWatch watch, boolean last) {
        // the pointer fetched once a frame: whether it moved, and drawn in
        Pointer pointer = cursor || watch != null ? Xlib.Xfixes.LIB.XFixesGetCursorImage(display) : null;
        try {
            if (watch != null) {
                if (!cadence.take(Clock.now(), last, () -> watch.changed(pointer))) {
                    return true; // nothing drawn, the pointer still
                }
                watch.grabbing();
            }
            double before = Clock.now();
            if (!Xlib.Xext.LIB.XShmGetImage(display, root, image, 0, 0, -1L)) {
                return false;
            }
            double after = Clock.now();
            int stride = image.getInt(44);
            if (cursor && pointer != null) {
                PointerImage.drawImage(pointer, pixels, stride, width, height);
            }
            long size = (long) stride * height;
            if (!send(size)) {
                return false;
            }
            cadence.written(before, after, () -> Preview.ofBgra(pixels.getByteBuffer(0, size), width, height, stride));
            return true;
        } finally {
            if (pointer != null) {
                Xlib.X11.LIB.XFree(pointer);
            }
        }
    }

    /** Writes the frame in the shared memory to ffmpeg; false when ffmpeg is gone. */
    private boolean send(long size) {
        for (long written = 0; written < size;) {
            long n = Xlib.LibC.LIB.write(pipe, pixels.share(written), size - written);
            if (n <= 0) {
                return false;
            }
            written += n;
        }
        return true;
    }

    /** Frames skipped because they could not be taken in time. */
    long dropped() {
        return dropped;
    }

    /** Stops grabbing, lets ffmpeg finish the file, and frees the shared memory. */
    void stop(boolean serverGone) {
        this.serverGone = serverGone;
        running = false;
        try {
            thread.join(3000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            if (!ffmpeg.waitFor(15, TimeUnit.SECONDS)) {
                ffmpeg.destroyForcibly();
            }
        } catch (InterruptedException e) {
            ffmpeg.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        if (!serverGone) {
            Xlib.Xext.LIB.XShmDetach(display, shminfo);
            x.XSync(display, false);
            release();
        }
    }

    private void release() {
        image.setPointer(16, null);
        x.XFree(image);
        Xlib.LibC.LIB.shmdt(pixels);
        x.XCloseDisplay(display);
    }
}
