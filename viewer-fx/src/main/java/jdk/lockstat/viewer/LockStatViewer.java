package jdk.lockstat.viewer;

import java.nio.file.Path;
import java.util.List;

import javafx.application.Application;
import javafx.stage.Stage;

/** The JavaFX application: one window, optionally opening the trace named on the command line. */
public final class LockStatViewer extends Application {
    @Override
    public void start(Stage stage) {
        MainWindow window = new MainWindow(stage);
        stage.show();
        List<String> args = getParameters().getUnnamed();
        if (!args.isEmpty()) {
            window.open(Path.of(args.get(0)));
        }
    }
}
