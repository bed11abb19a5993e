package org.trajectory.cli.internal;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What a command prints, with the control characters that data may carry (a window title's ESC, a name's BEL, CR or
 * NUL) shown as {@code ^[}, {@code ^G}, {@code ^M}, {@code ^@} instead of being obeyed by the terminal. Newlines and
 * tabs pass; on stderr a carriage return passes too, for the progress line. JSON output is unchanged: it escapes them.
 */
public final class TerminalSafe extends FilterOutputStream {

    private final boolean carriageReturns;

    private TerminalSafe(OutputStream out, boolean carriageReturns) {
        super(out);
        this.carriageReturns = carriageReturns;
    }

    /** {@code stream}, printing control characters visibly ({@code progress}: carriage returns pass, as on stderr). */
    public static PrintStream wrap(PrintStream stream, boolean progress) {
        return new PrintStream(new TerminalSafe(stream, progress), true, StandardCharsets.UTF_8);
    }

    private boolean passes(int b) {
        return b >= 0x20 && b != 0x7f || b == '\n' || b == '\t' || carriageReturns && b == '\r';
    }

    @Override
    public void write(int b) throws IOException {
        b &= 0xff;
        if (passes(b)) {
            out.write(b);
        } else {
            out.write('^');
            out.write(b == 0x7f ? '?' : b + '@');
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        int run = offset;
        for (int i = offset; i < offset + length; i++) {
            if (!passes(bytes[i] & 0xff)) {
                out.write(bytes, run, i - run);
                write(bytes[i]);
                run = i + 1;
            }
        }
        out.write(bytes, run, offset + length - run);
    }
}
