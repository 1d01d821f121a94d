package bench.realworld;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The text the Lucene workloads (lusearch, luindex) index, generated from fixed seeds in place of
 * DaCapo's Shakespeare and King James Bible: a vocabulary of pronounceable words, and documents
 * whose word frequencies fall off steeply (a few words are everywhere, most are rare), as in prose.
 */
final class Corpus {
    private static final String[] ONSETS = {"b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "l", "m",
        "n", "p", "pl", "qu", "r", "s", "sh", "st", "t", "th", "tr", "v", "w", "z"};
    private static final String[] VOWELS = {"a", "e", "i", "o", "u", "ai", "ea", "ou", "y"};
    private static final String[] CODAS = {"", "", "n", "r", "s", "t", "l", "nd", "rk", "st", "ng"};

    /** The vocabulary, the most frequent words first. */
    static final String[] WORDS = vocabulary(5_000);

    /** One generated document: an id, a title, a body of sentences, a year. */
    record Doc(String id, String title, String body, int year) {}

    private Corpus() {}

    private static String[] vocabulary(int size) {
        Random rnd = new Random(42);
        Set<String> words = new LinkedHashSet<>();
        while (words.size() < size) {
            StringBuilder w = new StringBuilder();
            for (int s = 1 + rnd.nextInt(3); s > 0; s--) {
                w.append(ONSETS[rnd.nextInt(ONSETS.length)]).append(VOWELS[rnd.nextInt(VOWELS.length)])
                 .append(CODAS[rnd.nextInt(CODAS.length)]);
            }
            words.add(w.toString());
        }
        return words.toArray(String[]::new);
    }

    /** A word drawn with a steep fall-off: the chance of rank r falls as r^(-2/3), so the first words are everywhere. */
    static String word(Random rnd) {
        return WORDS[(int) (Math.pow(rnd.nextDouble(), 3) * WORDS.length)];
    }

    /** The documents numbered first .. first+count-1 of the corpus with this seed: the same text every call. */
    static List<Doc> documents(long seed, int first, int count, int minWords, int maxWords) {
        List<Doc> docs = new ArrayList<>(count);
        for (int d = first; d < first + count; d++) {
            Random rnd = new Random(seed * 1_000_003L + d);
            StringBuilder title = new StringBuilder();
            for (int i = 3 + rnd.nextInt(5); i > 0; i--) {
                title.append(title.isEmpty() ? "" : " ").append(word(rnd));
            }
            StringBuilder body = new StringBuilder();
            int words = minWords + rnd.nextInt(maxWords - minWords + 1);
            for (int i = 0; i < words; i++) {
                String w = word(rnd);
                boolean start = i == 0 || body.charAt(body.length() - 1) == '.';
                body.append(i == 0 ? "" : " ").append(start ? Character.toUpperCase(w.charAt(0)) + w.substring(1) : w);
                if (rnd.nextInt(12) == 0 || i == words - 1) {
                    body.append('.');
                } else if (rnd.nextInt(20) == 0) {
                    body.append(',');
                }
            }
            docs.add(new Doc("doc" + d, title.toString(), body.toString(), 1600 + rnd.nextInt(400)));
        }
        return docs;
    }
}
