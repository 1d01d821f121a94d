/*
 * @test
 * @summary Bad values of the LockStat flags stop the VM at start-up with a clear message.
 * @library /lib
 * @build LockStatRun
 * @run main/timeout=300 BadFlagValueTest
 */
import java.nio.file.Files;
import java.nio.file.Path;

public class BadFlagValueTest {
    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("."), "bad").toAbsolutePath();
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=", "-version")
                .shouldHaveExitValue(1).shouldContain("Invalid -XX:TraceLockContentionFile=: the file name must not be empty")
                .shouldContain("Could not create the Java Virtual Machine");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=trace-%q.lct", "-version")
                .shouldHaveExitValue(1).shouldContain("unknown '%q'");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=trace-%", "-version")
                .shouldHaveExitValue(1).shouldContain("Invalid -XX:TraceLockContentionFile=trace-%");
        LockStatRun.java(dir, "-XX:+TraceLockContention", "-XX:TraceLockContentionFile=" + "x".repeat(5000), "-version")
                .shouldHaveExitValue(1).shouldContain("the file name is longer than");
        LockStatRun.java(dir, "-XX:TraceLockContention=maybe", "-version")
                .shouldHaveExitValue(1).shouldContain("TraceLockContention");
        // A bad file name is bad even with tracing off: the user meant something.
        LockStatRun.java(dir, "-XX:TraceLockContentionFile=%z", "-version").shouldHaveExitValue(1).shouldContain("unknown '%z'");
    }
}
