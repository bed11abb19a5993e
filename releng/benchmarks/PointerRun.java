import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.opencv.core.Mat;
import org.opencv.core.Rect;
import org.opencv.imgcodecs.Imgcodecs;
import org.trajectory.extract.internal.offline.PointerDetector;
import org.trajectory.extract.opencv.OpenCvLibrary;

/**
 * The shipped pointer detector alone on whole frames: reads lines "PNG" from standard input and writes one JSON line per
 * frame, the likeliest pointer's place and probability or none. Run by pointer-benchmark.sh with the product's jars.
 */
public class PointerRun {
    public static void main(String[] args) throws Exception {
        OpenCvLibrary.load();
        PointerDetector detector = PointerDetector.shared();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String png = in.readLine(); png != null; png = in.readLine()) {
            Mat frame = Imgcodecs.imread(png, Imgcodecs.IMREAD_COLOR);
            PointerDetector.Hit hit = detector.find(frame, new Rect(0, 0, frame.cols(), frame.rows()));
            frame.release();
            System.out.println(hit == null ? "{\"png\": \"" + png + "\", \"found\": false}"
                    : String.format(Locale.ROOT, "{\"png\": \"%s\", \"found\": true, \"x\": %.2f, \"y\": %.2f, \"p\": %.3f}", png, hit.x(), hit.y(),
                            hit.probability()));
        }
    }
}
