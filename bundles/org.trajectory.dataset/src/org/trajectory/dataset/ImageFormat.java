package org.trajectory.dataset;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * Recognizes screenshot files by their bytes (never by their name) and reads their size from the header.
 *
 * @since 0.1
 */
public enum ImageFormat {
    PNG("png"), JPEG("jpg"), WEBP("webp");

    /**
     * The largest side of a picture the workbench decodes: 8K screens are 7680 wide; a 20000x20000 PNG of a few hundred
     * kilobytes would take gigabytes once decoded.
     */
    public static final int MAX_SIDE = 8192;

    private final String extension;

    ImageFormat(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** Format and pixel size of an image, read from its header. */
    public record Info(ImageFormat format, int width, int height) {
    }

    /**
     * Reads the header and walks the whole file's structure (a PNG's every chunk with its checksum, a JPEG to its end
     * marker, a WebP's RIFF length), so a cut or damaged image is caught here rather than when it is first decoded;
     * throws with a reason a person understands when the bytes are not an image we store.
     */
    public static Info inspect(byte[] bytes) throws InvalidImageException {
        if (startsWith(bytes, 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a)) {
            if (bytes.length < 24 || bytes[12] != 'I' || bytes[13] != 'H' || bytes[14] != 'D' || bytes[15] != 'R') {
                throw new InvalidImageException("is a truncated PNG (no IHDR header)");
            }
            ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8);
            Info info = sized(PNG, header.getInt(), header.getInt());
            walkPngChunks(bytes);
            return info;
        }
        if (startsWith(bytes, 0xff, 0xd8, 0xff)) {
            Info info = jpeg(bytes);
            if (!endsWithJpegEnd(bytes)) {
                throw new InvalidImageException("is a truncated JPEG (its data stops before the end marker)");
            }
            return info;
        }
        if (startsWith(bytes, 'R', 'I', 'F', 'F') && bytes.length >= 30 && bytes[8] == 'W' && bytes[9] == 'E' && bytes[10] == 'B' && bytes[11] == 'P') {
            long declared = 8 + (ByteBuffer.wrap(bytes, 4, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL);
            if (declared > bytes.length) {
                throw new InvalidImageException("is a truncated WebP (" + bytes.length + " of its " + declared + " bytes)");
            }
            return webp(bytes);
        }
        throw new InvalidImageException("is not a PNG, JPEG or WebP image (it starts with " + hex(bytes) + ")");
    }

    /** The format a file name claims, or null when its extension names none. */
    public static ImageFormat claimedBy(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".png")) {
            return PNG;
        }
        if (lower.endsWith(".jpg") || lower.endsWith(".jpeg")) {
            return JPEG;
        }
        return lower.endsWith(".webp") ? WEBP : null;
    }

    /** Every chunk inside the file with a matching CRC, image data present, and the end chunk reached. */
    private static void walkPngChunks(byte[] bytes) throws InvalidImageException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        int at = 8;
        boolean data = false;
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        while (at + 12 <= bytes.length) {
            long length = buffer.getInt(at) & 0xffffffffL;
            String type = new String(bytes, at + 4, 4, java.nio.charset.StandardCharsets.US_ASCII);
            if (at + 12 + length > bytes.length) {
                throw new InvalidImageException("is a truncated PNG (its " + type + " chunk at byte " + at + " runs past the end of the file)");
            }
            crc.reset();
            crc.update(bytes, at + 4, (int) length + 4);
            if ((int) crc.getValue() != buffer.getInt(at + 8 + (int) length)) {
                throw new InvalidImageException("is a damaged PNG (the checksum of its " + type + " chunk at byte " + at + " is wrong)");
            }
            data |= type.equals("IDAT");
            if (type.equals("IEND")) {
                if (!data) {
                    throw new InvalidImageException("is a PNG without image data (no IDAT chunk)");
                }
                return;
            }
            at += 12 + (int) length;
        }
        throw new InvalidImageException("is a truncated PNG (it ends before its IEND chunk)");
    }

    /** The end-of-image marker, allowing the zero padding some encoders add after it. */
    private static boolean endsWithJpegEnd(byte[] bytes) {
        int end = bytes.length;
        while (end > 2 && bytes[end - 1] == 0) {
            end--;
        }
        return end >= 4 && (bytes[end - 2] & 0xff) == 0xff && (bytes[end - 1] & 0xff) == 0xd9;
    }

    private static Info jpeg(byte[] bytes) throws InvalidImageException {
        int i = 2;
        while (i + 9 < bytes.length) {
            if ((bytes[i] & 0xff) != 0xff) {
                throw new InvalidImageException("is a corrupt JPEG (bad marker at byte " + i + ")");
            }
            int marker = bytes[i + 1] & 0xff;
            int length = ((bytes[i + 2] & 0xff) << 8) | (bytes[i + 3] & 0xff);
            boolean startOfFrame = marker >= 0xc0 && marker <= 0xcf && marker != 0xc4 && marker != 0xc8 && marker != 0xcc;
            if (startOfFrame) {
                int height = ((bytes[i + 5] & 0xff) << 8) | (bytes[i + 6] & 0xff);
                int width = ((bytes[i + 7] & 0xff) << 8) | (bytes[i + 8] & 0xff);
                return sized(JPEG, width, height);
            }
            i += 2 + length;
        }
        throw new InvalidImageException("is a truncated JPEG (no frame header)");
    }

    private static Info webp(byte[] bytes) throws InvalidImageException {
        String chunk = new String(bytes, 12, 4, java.nio.charset.StandardCharsets.US_ASCII);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        return switch (chunk) {
            case "VP8X" -> sized(WEBP, 1 + (b.getInt(24) & 0xffffff), 1 + (b.getInt(27) & 0xffffff));
            case "VP8 " -> sized(WEBP, b.getShort(26) & 0x3fff, b.getShort(28) & 0x3fff);
            case "VP8L" -> {
                int bits = b.getInt(21);
                yield sized(WEBP, 1 + (bits & 0x3fff), 1 + ((bits >> 14) & 0x3fff));
            }
            default -> throw new InvalidImageException("is a WebP of an unknown kind '" + chunk + "'");
        };
    }

    private static Info sized(ImageFormat format, int width, int height) throws InvalidImageException {
        if (width <= 0 || height <= 0) {
            throw new InvalidImageException("is a " + format + " with an impossible size " + width + "x" + height);
        }
        if (width > MAX_SIDE || height > MAX_SIDE) {
            throw new InvalidImageException("is a " + format + " of " + width + "x" + height + " pixels, larger than any screen (at most "
                    + MAX_SIDE + " pixels a side); it is not decoded");
        }
        return new Info(format, width, height);
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xff) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(8, bytes.length); i++) {
            text.append(String.format("%02x", bytes[i] & 0xff));
        }
        return bytes.length == 0 ? "nothing: the file is empty" : text.toString();
    }

    /** The bytes are not an image the dataset can store. */
    public static final class InvalidImageException extends Exception {
        private static final long serialVersionUID = 1L;

        public InvalidImageException(String message) {
            super(message);
        }
    }
}
