import java.util.ArrayList;
import java.util.List;

/**
 * A small contended workload for `make demo`: worker threads share one account book guarded by
 * synchronized; some transfers hold the lock long (auditing), most briefly. Prints what it did.
 */
public class ContentionDemo {
    static final class Ledger {
        private long balance;
        private long audits;

        synchronized void transfer(long amount) {
            balance += amount;
        }

        synchronized void audit() throws InterruptedException {
            audits++;
            Thread.sleep(2);   // holds the lock: the cause of contention the trace should show
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        long millis = args.length > 1 ? Long.parseLong(args[1]) : 2000;
        Ledger ledger = new Ledger();
        List<Thread> workers = new ArrayList<>();
        long end = System.nanoTime() + millis * 1_000_000;
        for (int i = 0; i < threads; i++) {
            boolean auditor = i == 0;
            Thread t = new Thread(() -> {
                try {
                    while (System.nanoTime() < end) {
                        if (auditor) {
                            ledger.audit();
                        } else {
                            ledger.transfer(1);
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, auditor ? "auditor" : "teller-" + i);
            workers.add(t);
            t.start();
        }
        for (Thread t : workers) {
            t.join();
        }
        System.out.printf("ContentionDemo: %d threads, %d ms, %d transfers, %d audits%n",
                threads, millis, ledger.balance, ledger.audits);
    }
}
