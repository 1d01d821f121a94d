package jdk.lockstat.viewer;

import java.io.IOException;
import java.nio.file.Path;

import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** A node as a PNG file (export, screenshots). Call on the FX thread. */
final class Snapshots {
    private Snapshots() {}

    static void write(Node node, Path file) throws IOException {
        WritableImage image = node.snapshot(null, null);
        if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile())) {
            throw new IOException("no PNG writer");
        }
    }
}
