package jdk.lockstat.internal.tool;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/** The trace file argument of a command, checked before anything is read. */
final class TraceArgument {
    private TraceArgument() {}

    static Path single(List<String> positional, String usage) throws ToolException {
        if (positional.size() != 1) {
            throw new ToolException(positional.isEmpty() ? "missing trace file\nusage: " + usage
                    : "expected one trace file, got " + positional.size() + "\nusage: " + usage, 2);
        }
        Path p;
        try {
            p = Path.of(positional.get(0));
        } catch (InvalidPathException e) {
            throw new ToolException("invalid file name " + positional.get(0), 2);
        }
        if (!Files.exists(p)) {
            throw new ToolException("no such file: " + p, 1);
        }
        if (Files.isDirectory(p)) {
            throw new ToolException(p + " is a directory, not a trace file", 1);
        }
        if (!Files.isReadable(p)) {
            throw new ToolException("cannot read " + p + " (permission denied)", 1);
        }
        return p;
    }
}
