package jdk.lockstat.viewer;

import java.nio.file.Files;
import java.nio.file.Path;

import javafx.application.Application;

/**
 * lockstat-viewer [TRACE] | lockstat-viewer --screenshots DIR TRACE. A plain main class, so that JavaFX
 * on the class path starts without the module system's launcher check.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && (args[0].equals("-h") || args[0].equals("--help"))) {
            System.out.println("usage: lockstat-viewer [TRACE]\n       lockstat-viewer --screenshots DIR TRACE");
            return;
        }
        if (args.length > 0 && args[0].equals("--screenshots")) {
            if (args.length != 3) {
                System.err.println("usage: lockstat-viewer --screenshots DIR TRACE");
                System.exit(2);
            }
            System.exit(Screenshots.run(Path.of(args[1]), Path.of(args[2])));
        }
        if (args.length > 1) {
            System.err.println("lockstat-viewer: one trace at a time (usage: lockstat-viewer [TRACE])");
            System.exit(2);
        }
        if (args.length == 1 && !Files.isReadable(Path.of(args[0]))) {
            System.err.println("lockstat-viewer: cannot read " + args[0]);
            System.exit(1);
        }
        Application.launch(LockStatViewer.class, args);
    }
}
