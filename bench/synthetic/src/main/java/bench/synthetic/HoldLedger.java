package bench.synthetic;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The ground truth: how long each owner chain and each owner thread held the lock, measured inside
 * the critical section. While the lock is saturated every hold blocks somebody for its whole length,
 * so an owner's share of the caused contention is its share of these hold times.
 */
final class HoldLedger {
    private final LongAdder[] byChain;
    private final Map<Long, LongAdder> byThread = new ConcurrentHashMap<>();

    HoldLedger(int chains) {
        byChain = new LongAdder[chains];
        for (int c = 0; c < chains; c++) {
            byChain[c] = new LongAdder();
        }
    }

    void held(int chain, long threadId, long nanos) {
        byChain[chain].add(nanos);
        byThread.computeIfAbsent(threadId, id -> new LongAdder()).add(nanos);
    }

    /** Lines "chain N NANOS" and "thread TID NANOS": the suite reads them back. */
    void write(Path file) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < byChain.length; c++) {
            sb.append("chain ").append(c).append(' ').append(byChain[c].sum()).append('\n');
        }
        byThread.forEach((tid, nanos) -> sb.append("thread ").append(tid).append(' ').append(nanos.sum()).append('\n'));
        Files.writeString(file, sb);
    }
}
