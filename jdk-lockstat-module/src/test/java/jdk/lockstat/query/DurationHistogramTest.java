/*
 * Copyright (c) 2026, LockStat JDK authors. All rights reserved.
 * DO NOT ALTER OR REMOVE COPYRIGHT NOTICES OR THIS FILE HEADER.
 *
 * This code is free software; you can redistribute it and/or modify it
 * under the terms of the GNU General Public License version 2 only, as
 * published by the Free Software Foundation.  The LockStat JDK authors
 * designate this particular file as subject to the "Classpath" exception
 * as provided in the LICENSE file that accompanied this code.
 *
 * This code is distributed in the hope that it will be useful, but WITHOUT
 * ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or
 * FITNESS FOR A PARTICULAR PURPOSE.  See the GNU General Public License
 * version 2 for more details (a copy is included in the LICENSE file that
 * accompanied this code).
 *
 * You should have received a copy of the GNU General Public License version
 * 2 along with this work; if not, write to the Free Software Foundation,
 * Inc., 51 Franklin St, Fifth Floor, Boston, MA 02110-1301 USA.
 */

package jdk.lockstat.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The duration histogram's percentiles against the exact nearest-rank percentiles of known inputs:
 * within 1/64 of them, exact below 64 ns, at the minimum and at the maximum; merges equal the histogram
 * of all samples; memory stays a few buckets for similar durations.
 */
class DurationHistogramTest {
    private static final long HOUR = 3_600_000_000_000L;
    private static final int[] PERCENTILES = {1, 10, 25, 50, 75, 90, 95, 99, 100};

    private static DurationHistogram of(long... values) {
        DurationHistogram h = new DurationHistogram();
        for (long v : values) {
            h.record(v);
        }
        return h;
    }

    /** The smallest value that at least percent % of the sorted values do not exceed. */
    private static long exact(long[] sorted, int percent) {
        int rank = (int) Math.ceil(sorted.length * percent / 100.0);
        return sorted[Math.max(1, rank) - 1];
    }

    private static void assertWithinBound(long[] values, DurationHistogram h) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        assertEquals(sorted.length, h.count());
        assertEquals(sorted[sorted.length - 1], h.maxNanos(), "max is exact");
        assertEquals(sorted[0], h.minNanos(), "min is exact");
        for (int p : PERCENTILES) {
            long want = exact(sorted, p), got = h.percentile(p);
            assertTrue(Math.abs(got - want) <= want / 64, "p" + p + ": " + got + " vs exact " + want);
            if (want < 64) {
                assertEquals(want, got, "p" + p + " below 64 ns is exact");
            }
        }
    }

    @Test
    void emptyIsAllZero() {
        DurationHistogram h = new DurationHistogram();
        assertEquals(new DurationDistribution(0, 0, 0, 0, 0), h.distribution());
        assertEquals(0, h.percentile(1));
        assertEquals(0, h.buckets());
        assertEquals(h, new DurationHistogram().copy());
    }

    @Test
    void oneSampleIsExactEverywhere() {
        for (long v : new long[] {0, 1, 63, 64, 65, 110, 1_000, 12_345_678, 3 * HOUR + 17, Long.MAX_VALUE}) {
            DurationHistogram h = of(v);
            assertEquals(new DurationDistribution(1, v, v, v, v), h.distribution(), "sample " + v);
        }
    }

    @Test
    void zeroDurations() {
        assertEquals(new DurationDistribution(5, 0, 0, 0, 0), of(0, 0, 0, 0, 0).distribution());
        // Nine zeros and one long contention: the median and p90 stay 0, p99 and max are the long one.
        DurationHistogram h = of(0, 0, 0, 0, 0, 0, 0, 0, 0, 5_000_000);
        assertEquals(new DurationDistribution(10, 0, 0, 5_000_000, 5_000_000), h.distribution());
        assertEquals(0, of(-5).maxNanos(), "a negative duration (damaged clock) counts as 0");
    }

    @Test
    void smallValuesAreExact() {
        long[] values = new long[63];
        for (int i = 0; i < values.length; i++) {
            values[i] = i + 1;   // 1..63 ns
        }
        DurationHistogram h = of(values);
        assertEquals(new DurationDistribution(63, 32, 57, 63, 63), h.distribution());
    }

    @Test
    void oneToThousandWithinOneSixtyFourth() {
        long[] values = new long[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i + 1;   // exact p50 500, p90 900, p99 990, max 1000
        }
        DurationHistogram h = of(values);
        assertWithinBound(values, h);
        DurationDistribution d = h.distribution();
        assertEquals(1000, d.maxNanos());
        assertTrue(Math.abs(d.p50Nanos() - 500) <= 500 / 64, d.toString());
        assertTrue(Math.abs(d.p90Nanos() - 900) <= 900 / 64, d.toString());
        assertTrue(Math.abs(d.p99Nanos() - 990) <= 990 / 64, d.toString());
    }

    @Test
    void randomInputsAgainstExactPercentiles() {
        Random rnd = new Random(11);
        for (int round = 0; round < 30; round++) {
            int n = 1 + rnd.nextInt(5_000);
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = switch (round % 3) {
                    case 0 -> rnd.nextInt(10_000);                                      // uniform, small
                    case 1 -> (long) Math.pow(10, rnd.nextDouble() * Math.log10(10 * HOUR));   // 1 ns .. 10 h
                    default -> rnd.nextLong() >>> 1;                                     // the whole long range
                };
            }
            assertWithinBound(values, of(values));
        }
    }

    @Test
    void hugeDurations() {
        long[] values = {HOUR, 2 * HOUR, 3 * HOUR, 5 * HOUR, 24 * HOUR, Long.MAX_VALUE};
        DurationHistogram h = of(values);
        assertWithinBound(values, h);
        assertEquals(Long.MAX_VALUE, h.percentile(100));
        assertEquals(HOUR, h.percentile(1));
    }

    @Test
    void bucketsCoverEveryValueOnce() {
        for (int k = 0; k < 63; k++) {
            for (long v : new long[] {(1L << k) - 1, 1L << k, (1L << k) + 1, (1L << k) + (1L << k) / 3}) {
                int b = DurationHistogram.bucket(v);
                long lo = DurationHistogram.lowest(b), w = DurationHistogram.width(b);
                assertTrue(lo <= v && v - lo < w, v + " in bucket " + b + " [" + lo + ", +" + w + ")");
                assertTrue(w == 1 || w <= lo / 32, "bucket " + b + " is at most 1/32 of its values wide");
                if (b > 0) {
                    long prev = DurationHistogram.lowest(b - 1) + DurationHistogram.width(b - 1);
                    assertEquals(lo, prev, "bucket " + b + " starts where " + (b - 1) + " ends");
                }
            }
        }
        assertEquals(1887, DurationHistogram.bucket(Long.MAX_VALUE), "the whole long range in 1,888 buckets");
    }

    @Test
    void mergeEqualsTheHistogramOfAllSamples() {
        Random rnd = new Random(5);
        long[] values = new long[3_000];
        DurationHistogram[] parts = new DurationHistogram[7];
        Arrays.setAll(parts, i -> new DurationHistogram());
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) Math.pow(10, rnd.nextDouble() * 12);
            parts[rnd.nextInt(parts.length)].record(values[i]);
        }
        DurationHistogram merged = new DurationHistogram();
        for (DurationHistogram p : parts) {
            merged.add(p);
        }
        merged.add(new DurationHistogram());   // an empty node changes nothing
        assertEquals(of(values), merged);
        assertEquals(of(values).distribution(), merged.distribution());
        assertWithinBound(values, merged);
        // Into an empty one: min comes from the other histogram, not from 0.
        DurationHistogram into = new DurationHistogram();
        into.add(of(700, 900));
        assertEquals(700, into.minNanos());
        assertEquals(new DurationDistribution(2, 700, 900, 900, 900), into.distribution());
    }

    @Test
    void mergesAcrossOneBucketAndManyBuckets() {
        long[][] shapes = {{}, {700}, {700, 701}, {5}, {5, 700, 90_000}, {90_000, 3 * HOUR}};
        for (long[] a : shapes) {
            for (long[] b : shapes) {
                DurationHistogram h = of(a);
                h.add(of(b));
                long[] all = java.util.stream.LongStream.concat(Arrays.stream(a), Arrays.stream(b)).toArray();
                assertEquals(of(all), h, Arrays.toString(a) + " + " + Arrays.toString(b));
                assertEquals(of(all).distribution(), h.distribution());
                assertEquals(all.length, h.countBelow(Long.MAX_VALUE));
            }
        }
    }

    @Test
    void oneBucketNeedsNoArray() {
        DurationHistogram h = of(1_000_000, 1_000_100, 1_000_200);   // one bucket 16,384 ns wide
        assertEquals(0, h.entries(), "no array while the durations share a bucket");
        assertEquals(1, h.buckets());
        h.record(5);
        assertEquals(2, h.entries());
        // p50 is 1,000,000 exactly; its bucket's middle (1,007,616) is clamped to the maximum.
        assertEquals(new DurationDistribution(4, 1_000_200, 1_000_200, 1_000_200, 1_000_200), h.distribution());
    }

    @Test
    void copyIsIndependent() {
        DurationHistogram h = of(10, 20);
        DurationHistogram c = h.copy();
        h.record(30);
        assertEquals(2, c.count());
        assertNotEquals(h, c);
    }

    @Test
    void manyShortAndAFewLongAreToldApart() {
        // The same total, 20 s over 1,000 contentions: 980 of 1 us and 20 of ~1 s, or 1,000 of 20 ms.
        DurationHistogram skewed = new DurationHistogram(), even = new DurationHistogram();
        for (int i = 0; i < 980; i++) {
            skewed.record(1_000);
        }
        for (int i = 0; i < 20; i++) {
            skewed.record(999_951_000);
        }
        for (int i = 0; i < 1000; i++) {
            even.record(20_000_000);
        }
        DurationDistribution d = skewed.distribution();
        assertEquals(List.of(1000L, 1_000L, 1_000L, 999_951_000L), List.of(d.count(), d.p50Nanos(), d.p90Nanos(), d.maxNanos()));
        assertTrue(Math.abs(d.p99Nanos() - 999_951_000L) <= 999_951_000L / 64, d.toString());
        assertEquals(new DurationDistribution(1000, 20_000_000, 20_000_000, 20_000_000, 20_000_000), even.distribution());
    }

    @Test
    void countBelowByRanges() {
        DurationHistogram h = of(5, 50, 500, 5_000, 50_000, 5_000_000);
        assertEquals(0, h.countBelow(5));
        assertEquals(1, h.countBelow(10));
        assertEquals(3, h.countBelow(1_000));
        assertEquals(5, h.countBelow(1_000_000));
        assertEquals(6, h.countBelow(Long.MAX_VALUE));
    }

    @Test
    void memoryStaysSmall() {
        Random rnd = new Random(3);
        DurationHistogram similar = new DurationHistogram(), spread = new DurationHistogram();
        for (int i = 0; i < 100_000; i++) {
            similar.record(1_000_000 + rnd.nextInt(100_000));   // 1.0 to 1.1 ms
            spread.record((long) Math.pow(10, 3 + rnd.nextDouble() * 6));   // 1 us to 1 s
        }
        assertTrue(similar.buckets() <= 5, "similar durations share a few buckets: " + similar.buckets());
        // 20 powers of two between 1 us and 1 s, 32 buckets each.
        assertTrue(spread.buckets() <= 21 * 32, "spread durations: " + spread.buckets());
    }

    @Test
    void percentileOutsideOneToHundredIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> of(1).percentile(0));
        assertThrows(IllegalArgumentException.class, () -> of(1).percentile(101));
    }
}
