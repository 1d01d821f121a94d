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

package jdk.lockstat.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.DrillNode;
import jdk.lockstat.query.DurationDistribution;
import jdk.lockstat.query.DurationText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The viewer in a real window (Xvfb) on a real trace recorded by the LockStat JDK (sample/sample.lct,
 * SampleWorkload): open it, reorder aspects with the controls, pick a preset, select nodes, filter,
 * narrow the time range, export, and open damaged files.
 */
@ExtendWith(ApplicationExtension.class)
class ViewerTest {
    static final Path SAMPLE = Path.of(System.getProperty("lockstat.sampleTrace", "sample/sample.lct"));
    MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage);
        stage.show();
    }

    void open(FxRobot robot, Path trace) throws Exception {
        robot.interact(() -> window.open(trace));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, window.loadedProperty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    static List<String> texts(TreeItem<DrillNode> item) {
        return item.getChildren().stream().map(c -> c.getValue().text()).toList();
    }

    TreeItem<DrillNode> child(TreeItem<DrillNode> item, String containing) {
        return item.getChildren().stream().filter(c -> c.getValue().text().contains(containing)).findFirst()
                .orElseThrow(() -> new AssertionError("no child with " + containing + " in " + texts(item)));
    }

    @Test
    void opensTheSampleAndDrillsDown(FxRobot robot) throws Exception {
        open(robot, SAMPLE);
        assertFalse(window.banner.isVisible(), window.banner.getText());
        TreeItem<DrillNode> root = window.tree.getRoot();
        assertTrue(root.getValue().count() > 100, "contentions: " + root.getValue().count());
        // Default aspects: lock class, then owner chain.
        assertEquals(List.of(Aspect.LOCK_CLASS, Aspect.OWNER_CHAIN), window.aspects.aspects());
        List<String> classes = texts(root);
        assertTrue(classes.contains("SampleWorkload$Inventory"), classes.toString());
        assertTrue(classes.contains("java.util.concurrent.locks.ReentrantLock$NonfairSync"), classes.toString());
        long sum = root.getChildren().stream().mapToLong(c -> c.getValue().nanos()).sum();
        assertEquals(root.getValue().nanos(), sum, "first level adds up");

        // Reorder with the controls: select "owner-chain" and move it left.
        robot.clickOn("2. owner-chain");
        robot.clickOn("#aspect-left");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(Aspect.OWNER_CHAIN, Aspect.LOCK_CLASS), window.aspects.aspects());
        root = window.tree.getRoot();
        assertEquals(Aspect.OWNER_CHAIN, root.getChildren().get(0).getValue().aspect());
        TreeItem<DrillNode> auditChain = child(root, "SampleWorkload$Inventory.audit(SampleWorkload.java:");
        assertEquals(List.of("SampleWorkload$Inventory"), texts(auditChain), "audit() holds only the inventory");

        // A preset from the combo box: per lock.
        robot.clickOn("#presets");
        robot.clickOn(Presets.PER_LOCK.label);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(Aspect.LOCK_CLASS, Aspect.LOCK, Aspect.OWNER_METHOD), window.aspects.aspects());
        root = window.tree.getRoot();
        TreeItem<DrillNode> inventory = child(root, "SampleWorkload$Inventory");
        robot.interact(() -> inventory.setExpanded(true));
        TreeItem<DrillNode> lock = inventory.getChildren().get(0);
        // Named by its reference path from the heap when the trace ended, with class and hash beside it.
        assertTrue(lock.getValue().text().startsWith("static SampleWorkload.SHOP -> SampleWorkload$Shop.inventory; "
                + "this of synchronized SampleWorkload$Inventory.reserve (SampleWorkload$Inventory@"), lock.getValue().text());
        List<String> owners = texts(lock);
        assertTrue(owners.contains("SampleWorkload$Inventory.audit"), owners.toString());

        // Select a node by clicking its row: the detail view shows the owner chains with file and line.
        robot.interact(() -> lock.setExpanded(true));
        TreeItem<DrillNode> audit = child(lock, "SampleWorkload$Inventory.audit");
        robot.interact(() -> window.tree.scrollTo(window.tree.getRow(audit)));
        robot.clickOn("SampleWorkload$Inventory.audit");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(audit, window.tree.getSelectionModel().getSelectedItem());
        String detail = window.detail.text.getText();
        assertTrue(detail.contains("owner-method = SampleWorkload$Inventory.audit"), detail);
        assertTrue(detail.contains("Locks (1):"), detail);
        assertTrue(detail.contains("at SampleWorkload$Inventory.audit(SampleWorkload.java:"), detail);
        assertTrue(detail.contains("Blocked call chains"), detail);
        assertTrue(detail.contains("order-worker-") || detail.contains("auditor"), detail);
        assertTrue(detail.contains("Owner states (") && detail.contains("running"), detail);
        assertTrue(detail.contains("Root owner call chains ("), detail);

        // The root-cause preset: root owner method > owner method > owner state, every level drillable.
        robot.clickOn("#presets");
        robot.clickOn(Presets.ROOT_CAUSE.label);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(Aspect.ROOT_OWNER_METHOD, Aspect.OWNER_METHOD, Aspect.OWNER_STATE), window.aspects.aspects());
        TreeItem<DrillNode> rootCause = window.tree.getRoot();
        assertTrue(texts(rootCause).contains("SampleWorkload$Inventory.audit"), texts(rootCause).toString());
        TreeItem<DrillNode> auditRoot = child(rootCause, "SampleWorkload$Inventory.audit");
        robot.interact(() -> auditRoot.setExpanded(true));
        TreeItem<DrillNode> auditOwner = child(auditRoot, "SampleWorkload$Inventory.audit");
        robot.interact(() -> auditOwner.setExpanded(true));
        assertTrue(texts(auditOwner).stream().allMatch(t -> List.of("running", "runnable", "blocked", "waiting", "parked", "vm-pause")
                .contains(t)), texts(auditOwner).toString());

        // What each contention gave the node: the numbers of its distribution, and a bar per decade.
        DurationDistribution d = audit.getValue().distribution();
        assertEquals(audit.getValue().count(), d.count());
        assertTrue(d.p50Nanos() > 0 && d.p50Nanos() <= d.p90Nanos() && d.p90Nanos() <= d.p99Nanos()
                && d.p99Nanos() <= d.maxNanos(), d.toString());
        assertTrue(detail.contains(String.format("Contention durations: count %,d  p50 %s  p90 %s  p99 %s  max %s%n",
                d.count(), DurationText.of(d.p50Nanos()), DurationText.of(d.p90Nanos()), DurationText.of(d.p99Nanos()),
                DurationText.of(d.maxNanos()))), detail);
        long barred = detail.lines().filter(l -> l.matches("  \\S.* \u2588+ +[0-9,]+"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1).replace(",", ""))).sum();
        assertEquals(d.count(), barred, "the decade bars hold every contention");
    }

    /**
     * One engine: the viewer's tree at its default aspects has the numbers lockstat report prints for the
     * same trace, the whole and each lock class, to the nanosecond and the contention.
     */
    @Test
    void topLevelNumbersEqualTheCommandLines(FxRobot robot) throws Exception {
        open(robot, SAMPLE);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int status = jdk.lockstat.internal.tool.Main.run(new String[] {"report", "--format", "json", SAMPLE.toString()},
                new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8), System.err);
        assertEquals(0, status);
        String json = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        json = json.substring(json.indexOf("\"contention\":"), json.indexOf("\"afterWait\":"));
        java.util.regex.Matcher all = java.util.regex.Pattern.compile(
                "\\{\"key\": \"all\", \"totalNanos\": (\\d+), \"count\": (\\d+)").matcher(json);
        assertTrue(all.find(), json);
        TreeItem<DrillNode> root = window.tree.getRoot();
        assertEquals(Long.parseLong(all.group(1)), root.getValue().nanos(), "blocked nanoseconds, the whole trace");
        assertEquals(Long.parseLong(all.group(2)), root.getValue().count(), "contentions, the whole trace");
        // The first level (lock classes): the nodes indented once.
        java.util.regex.Matcher node = java.util.regex.Pattern.compile(
                "(?m)^    \\{\"key\": \"([^\"]*)\", \"totalNanos\": (\\d+), \"count\": (\\d+)").matcher(json);
        int classes = 0;
        while (node.find()) {
            String key = node.group(1);
            TreeItem<DrillNode> c = root.getChildren().stream().filter(x -> x.getValue().text().equals(key)).findFirst()
                    .orElseThrow(() -> new AssertionError("no lock class " + key + " in the viewer: " + texts(root)));
            assertEquals(Long.parseLong(node.group(2)), c.getValue().nanos(), node.group(1));
            assertEquals(Long.parseLong(node.group(3)), c.getValue().count(), node.group(1));
            classes++;
        }
        assertEquals(root.getChildren().size(), classes, "the same lock classes: " + texts(root));
    }

    @Test
    void filterTimeRangeAndOtherViews(FxRobot robot) throws Exception {
        open(robot, SAMPLE);
        long all = window.tree.getRoot().getValue().nanos();
        robot.clickOn("#search").write("Semaphore");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = texts(window.tree.getRoot());
        assertEquals(List.of("java.util.concurrent.Semaphore$NonfairSync"), shown);

        robot.interact(() -> window.aspects.search.clear());
        int half = window.lastBucket() / 2;
        robot.interact(() -> window.chart.select(0, half, true));
        long firstHalf = window.tree.getRoot().getValue().nanos();
        robot.interact(() -> window.chart.select(half, Integer.MAX_VALUE, true));
        long secondHalf = window.tree.getRoot().getValue().nanos();
        assertTrue(firstHalf > 0 && secondHalf > 0 && firstHalf < all, firstHalf + " " + secondHalf + " " + all);
        assertEquals(all, firstHalf + secondHalf, "the halves add up (a contention belongs to the bucket of its start)");

        robot.interact(() -> window.chart.select(0, Integer.MAX_VALUE, true));
        // Sort by a column: a click on "Count" sorts each level by count, ascending.
        robot.clickOn("Count");
        WaitForAsyncUtils.waitForFxEvents();
        List<Long> counts = window.tree.getRoot().getChildren().stream().map(c -> c.getValue().count()).toList();
        assertTrue(counts.size() > 2, counts.toString());
        assertEquals(counts.stream().sorted().toList(), counts, "sorted by count");

        robot.clickOn("Locks");
        assertTrue(window.locks.getItems().size() >= 4, "locks: " + window.locks.getItems().size());
        robot.clickOn("Bottle graph");
        var graph = window.model().activity().bottleGraph(0, window.lastBucket(), true, window.model().cpus());
        assertTrue(graph.boxes().stream().anyMatch(b -> b.label().equals("order-worker-#") && b.threads() == 3),
                graph.boxes().toString());
        assertTrue(graph.untracedThreads() > 0, "VM threads are left out");
        // From the threads' CPU time: 40-odd threads on the sample's 2 CPUs are never more than 2 wide, and
        // the graph says that runnable threads waited for CPUs.
        assertTrue(graph.cpuRecorded());
        int cpus = window.model().cpus();
        assertTrue(cpus > 0 && graph.boxes().stream().allMatch(b -> b.parallelism() <= cpus + 1e-9), graph.boxes().toString());
        assertTrue(graph.oversubscribed(), graph.toString());
        assertTrue(robot.lookup("#bottle-note").queryAs(javafx.scene.control.Label.class).getText()
                .startsWith("runnable threads waited for a CPU"));
        robot.clickOn("Threads");
        assertTrue(window.model().activity().timelines(0, window.lastBucket(), 100).stream()
                .anyMatch(t -> t.threadName().equals("auditor") && t.traced()));
    }

    /**
     * The What-if tab replays the sample with the sections and scale picked and shows the same prediction
     * as the engine (WhatIfQuery, lockstat whatif's), ranked by gain, each section beside its rank by
     * blocked time.
     */
    @Test
    void whatIfPredictsTheGainOfShorterSections(FxRobot robot) throws Exception {
        open(robot, SAMPLE);
        robot.clickOn("What-if");
        robot.interact(() -> window.whatIf.scale.setValue(0.25));
        robot.clickOn("#whatif-predict");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> !window.whatIf.table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        List<jdk.lockstat.query.WhatIfQuery.Row> rows = List.copyOf(window.whatIf.table.getItems());
        var expected = jdk.lockstat.query.WhatIfQuery.predict(SAMPLE, Aspect.OWNER_METHOD, 0.25, 20);
        assertEquals(expected.rows(), rows, "the view shows the engine's prediction");
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i - 1).predictedSpeedup() >= rows.get(i).predictedSpeedup(), "ranked by gain: " + rows);
        }
        assertTrue(rows.get(0).predictedSpeedup() > 1, rows.toString());
        assertEquals(rows.size(), rows.stream().map(jdk.lockstat.query.WhatIfQuery.Row::blockedRank).distinct().count());
        assertTrue(window.whatIf.note.getText().startsWith("Speedup of the traced work if the section's holds took 0.25"),
                window.whatIf.note.getText());
        // Another trace clears the prediction.
        open(robot, SAMPLE);
        assertTrue(window.whatIf.table.getItems().isEmpty());
    }

    @Test
    void exportsTreeAndPng(FxRobot robot, @TempDir Path dir) throws Exception {
        open(robot, SAMPLE);
        Path csv = dir.resolve("tree.csv"), json = dir.resolve("tree.json"), png = dir.resolve("view.png");
        robot.interact(() -> {
            try {
                window.exportTree(csv, "csv");
                window.exportTree(json, "json");
                window.exportPng(png);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        String c = Files.readString(csv);
        assertTrue(c.lines().count() > 5 && c.contains("SampleWorkload$Inventory"), c);
        String j = Files.readString(json);
        assertTrue(j.trim().startsWith("{") && j.contains("\"lock-class\"") && j.contains("SampleWorkload$Inventory"), j);
        var image = ImageIO.read(png.toFile());
        assertEquals(1280, image.getWidth());
        assertEquals(800, image.getHeight());
    }

    @Test
    void damagedTracesShowWhatCouldBeReadAndSaySo(FxRobot robot, @TempDir Path dir) throws Exception {
        byte[] bytes = Files.readAllBytes(SAMPLE);
        Path truncated = dir.resolve("truncated.lct");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length * 2 / 3));
        open(robot, truncated);
        assertTrue(window.banner.isVisible());
        assertTrue(window.banner.getText().contains("damaged") && window.banner.getText().contains("truncated"),
                window.banner.getText());
        assertTrue(window.tree.getRoot().getValue().count() > 0, "the readable part is shown");

        Path garbage = dir.resolve("garbage.lct");
        Files.write(garbage, "this is not a trace at all".getBytes());
        open(robot, garbage);
        assertTrue(window.banner.isVisible());
        assertTrue(window.banner.getText().contains("garbage.lct"), window.banner.getText());
        assertEquals(0, window.tree.getRoot().getValue().count());

        open(robot, dir.resolve("missing.lct"));
        assertTrue(window.banner.getText().contains("no such file"), window.banner.getText());
    }

    /**
     * The fuzzers' regression inputs (each once hung or crashed the engine) and seeded raw mutations
     * of the sample (bit flips, cuts, runs of one byte) opened in the window one after another: each
     * load ends, the views are drawn, a node's detail is shown, and no exception reaches any thread.
     */
    @Test
    void mutatedTracesOpenInTheWindow(FxRobot robot, @TempDir Path dir) throws Exception {
        List<Throwable> uncaught = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> uncaught.add(e));
        robot.interact(() -> Thread.currentThread().setUncaughtExceptionHandler((t, e) -> uncaught.add(e)));
        try {
            List<Path> inputs = new java.util.ArrayList<>();
            Path regressions = Path.of(System.getProperty("lockstat.fuzzRegressions", "../jdk-lockstat-module/src/test/resources/fuzz-regressions"));
            try (var files = Files.list(regressions)) {
                files.filter(p -> p.toString().endsWith(".lct")).sorted().forEach(inputs::add);
            }
            assertFalse(inputs.isEmpty(), "regression inputs in " + regressions);
            byte[] sample = Files.readAllBytes(SAMPLE);
            java.util.Random random = new java.util.Random(20261124);
            for (int i = 0; i < 24; i++) {
                byte[] b = sample.clone();
                switch (i % 3) {
                    case 0 -> {
                        for (int f = 0; f < 1 + random.nextInt(4); f++) {
                            b[random.nextInt(b.length)] ^= (byte) (1 << random.nextInt(8));
                        }
                    }
                    case 1 -> b = Arrays.copyOf(b, random.nextInt(b.length));
                    default -> {
                        int at = random.nextInt(b.length);
                        Arrays.fill(b, at, Math.min(b.length, at + 1 + random.nextInt(64)), (byte) 0xFF);
                    }
                }
                inputs.add(Files.write(dir.resolve("mutant-" + i + ".lct"), b));
            }
            for (Path input : inputs) {
                open(robot, input);
                TreeItem<DrillNode> root = window.tree.getRoot();
                assertTrue(root != null, input + ": a tree is shown");
                if (!root.getChildren().isEmpty()) {
                    robot.interact(() -> window.tree.getSelectionModel().select(root.getChildren().get(0)));
                    WaitForAsyncUtils.waitForFxEvents();
                }
                assertTrue(uncaught.isEmpty(), input + ": " + uncaught);
                // a failed load shows its exception's message in the banner: only clear ones may show
                String banner = window.banner.getText();
                assertFalse(banner.matches("(?s).*(Exception|Error\\b|internal error).*"), input + ": " + banner);
            }
            // the window still works after all of them
            open(robot, SAMPLE);
            assertFalse(window.banner.isVisible(), window.banner.getText());
            assertTrue(window.tree.getRoot().getValue().count() > 0);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(previous);
        }
    }
}
