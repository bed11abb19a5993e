package org.trajectory.dataset.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a JSONL file line by line as bytes: lines longer than a limit are skipped without being held in memory, the
 * byte position is known for progress, and decoding (with its UTF-8 check) is left to the JSON parser.
 */
public final class LineReader {

    /** One line: its 1-based number and its bytes without the line end, or why it was not read. */
    public record Line(long number, byte[] bytes, String error) {
    }

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[1 << 20];
    private int start;
    private int end;
    private long position;
    private long number;
    private byte[] line = new byte[1 << 16];

    public LineReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }
    /** Bytes consumed so far. */
    public long position() {
        return position;
    }

    /** The next line, or null at the end of the input. */
    public Line next() throws IOException {
        int length = 0;
        boolean tooLong = false;
        boolean any = false;
        while (true) {
            if (start == end && !fill()) {
                if (!any) {
                    return null;
                }
                break;
            }
            any = true;
            int newline = indexOf((byte) '\n');
            int stop = newline < 0 ? end : newline;
            int count = stop - start;
            if (!tooLong) {
                if ((long) length + count > maxLineBytes) {
                    tooLong = true;
                } else {
                    if (length + count > line.length) {
                        line = Arrays.copyOf(line, Math.max(length + count, Math.min(maxLineBytes, line.length * 2)));
                    }
                    System.arraycopy(buffer, start, line, length, count);
                    length += count;
                }
            }
            position += count + (newline < 0 ? 0 : 1);
            start = newline < 0 ? end : newline + 1;
            if (newline >= 0) {
                break;
            }
        }
        number++;
        if (tooLong) {
            return new Line(number, null, "line is longer than " + (maxLineBytes >> 20) + " MB; skipped");
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        return new Line(number, Arrays.copyOf(line, length), null);
    }

    private int indexOf(byte b) {
        for (int i = start; i < end; i++) {
            if (buffer[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private boolean fill() throws IOException {
        int read = in.read(buffer, 0, buffer.length);
        if (read <= 0) {
            return false;
        }
        start = 0;
        end = read;
        return true;
    }
}
