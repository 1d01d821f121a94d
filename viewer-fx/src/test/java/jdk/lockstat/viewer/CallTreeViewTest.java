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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import javafx.geometry.Point2D;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableColumn;
import javafx.stage.Stage;
import jdk.lockstat.query.CallChain;
import jdk.lockstat.query.CallTree;
import jdk.lockstat.query.DrillDetail;
import jdk.lockstat.query.DrillNode;
import jdk.lockstat.query.TimeAxis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The call tree, the flame graph and the chain labels on the recorded sample trace (sample/sample.lct):
 * the expected root frames top-down and bottom-up, weights that equal the chains' nanoseconds summed
 * independently, boxes whose widths are in proportion to them, hover, zoom and search, the selection and
 * the time range followed, and the locking mechanism's frames hidden or shown.
 */
@ExtendWith(ApplicationExtension.class)
class CallTreeViewTest {
    MainWindow window;

    @Start
    void start(Stage stage) {
        window = new MainWindow(stage);
        stage.show();
    }

    void open(FxRobot robot) throws Exception {
        robot.interact(() -> window.open(ViewerTest.SAMPLE));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, window.loadedProperty());
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The whole trace's detail, as the views get it with nothing selected. */
    DrillDetail all() {
        return window.model().cube().detail(window.tree.getRoot().getValue(), 0, TimeAxis.BUCKETS, false);
    }

    /** The nanoseconds of the chains whose frames (from the first outside the mechanism) match, summed. */
    static long nanos(List<DrillDetail.Entry> entries, Predicate<List<String>> frames) {
        long sum = 0;
        for (DrillDetail.Entry e : entries) {
            CallChain c = CallChain.of(e.key());
            if (c != null && frames.test(c.frames().subList(c.mechanismFrames(), c.frames().size()))) {
                sum += e.nanos();
            }
        }
        return sum;
    }

    static Predicate<List<String>> innermost(String method) {
        return f -> f.get(0).startsWith(method + "(");
    }

    static Predicate<List<String>> outermost(String method) {
        return f -> f.get(f.size() - 1).startsWith(method + "(");
    }

    static List<String> frames(TreeItem<CallTree.Node> item) {
        return item.getChildren().stream().map(c -> c.getValue().frame()).toList();
    }

    String cell(String columnId, TreeItem<CallTree.Node> item) {
        @SuppressWarnings("unchecked")
        TreeTableColumn<CallTree.Node, ?> col = (TreeTableColumn<CallTree.Node, ?>) window.callTree.table.getColumns()
                .stream().filter(c -> columnId.equals(c.getId())).findFirst().orElseThrow();
        return String.format(Locale.ROOT, "%,.3f", ((Number) col.getCellObservableValue(item).getValue()).doubleValue());
    }

    @Test
    void callTreeTopDownAndBottomUp(FxRobot robot) throws Exception {
        open(robot);
        robot.clickOn("Call tree");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(ChainSettings.Side.OWNER, window.chainSettings.side.get());
        DrillDetail all = all();
        TreeItem<CallTree.Node> root = window.callTree.table.getRoot();
        long owners = all.ownerChains().stream().mapToLong(DrillDetail.Entry::nanos).sum();
        assertEquals(owners, root.getValue().totalNanos());
        assertTrue(window.callTree.scope.getText().startsWith("owner chains of all contention"),
                window.callTree.scope.getText());

        // Top-down: platform threads start in Thread.run, virtual threads in their continuation.
        // (An <unknown owner> key may follow, for time with no release seen: not a frame.)
        assertEquals(List.of("java.lang.Thread.run", "jdk.internal.vm.Continuation.enterSpecial", "<hand-off>",
                "SampleWorkload.main"), frames(root).stream().filter(f -> !f.equals("<unknown owner>")).toList());
        TreeItem<CallTree.Node> run = root.getChildren().get(0);
        long runNanos = nanos(all.ownerChains(), outermost("java.lang.Thread.run"));
        assertEquals(runNanos, run.getValue().totalNanos());
        assertEquals(0, run.getValue().selfNanos());
        assertTrue(run.isExpanded(), "the heaviest path is open");
        assertEquals(String.format(Locale.ROOT, "%,.3f", runNanos / 1e6), cell("calltree-total", run));

        // Bottom-up: the frames where the owners released the lock, ReentrantLock.unlock's caller, not unlock.
        robot.clickOn("#calltree-bottom-up");
        WaitForAsyncUtils.waitForFxEvents();
        root = window.callTree.table.getRoot();
        List<String> releasing = frames(root);
        assertEquals("SampleWorkload$Ledger.post", releasing.get(0), releasing.toString());
        assertTrue(releasing.containsAll(List.of("SampleWorkload$Inventory.reserve", "SampleWorkload$PriceCache.get",
                "SampleWorkload$PriceCache.refresh", "SampleWorkload$Inventory.audit", "<hand-off>")), releasing.toString());
        assertFalse(releasing.stream().anyMatch(f -> f.startsWith("java.util.concurrent.locks.")
                || f.startsWith("jdk.internal.misc.Unsafe")), releasing.toString());
        TreeItem<CallTree.Node> post = root.getChildren().get(0);
        long postNanos = nanos(all.ownerChains(), innermost("SampleWorkload$Ledger.post"));
        assertEquals(postNanos, post.getValue().totalNanos());
        assertEquals(postNanos, post.getValue().selfNanos(), "a bottom-up root's time is all its own");
        assertEquals(String.format(Locale.ROOT, "%,.3f", postNanos / 1e6), cell("calltree-self", post));
        assertEquals(List.of("SampleWorkload.lambda$main$10"), frames(post));

        // All frames: the mechanism's innermost frames become the roots.
        robot.clickOn("#all-frames");
        WaitForAsyncUtils.waitForFxEvents();
        List<String> innermost = frames(window.callTree.table.getRoot());
        assertTrue(innermost.contains("jdk.internal.misc.Unsafe.unpark"), innermost.toString());
        assertTrue(innermost.contains("java.lang.VirtualThread.lockstatUnpark"), innermost.toString());
        assertFalse(innermost.contains("SampleWorkload$Ledger.post"), innermost.toString());
        robot.clickOn("#all-frames");

        // Blocked chains of one selected node: the Inventory lock's blocked threads.
        robot.clickOn("#calltree-blocked");
        robot.clickOn("#calltree-top-down");
        TreeItem<DrillNode> inventory = window.tree.getRoot().getChildren().stream()
                .filter(c -> c.getValue().text().equals("SampleWorkload$Inventory")).findFirst().orElseThrow();
        robot.interact(() -> window.tree.getSelectionModel().select(inventory));
        WaitForAsyncUtils.waitForFxEvents();
        root = window.callTree.table.getRoot();
        assertEquals(inventory.getValue().nanos(), root.getValue().totalNanos(), "the selected node's time");
        assertEquals(List.of("java.lang.Thread.run"), frames(root));
        assertTrue(window.callTree.scope.getText().startsWith("blocked chains of lock-class = SampleWorkload$Inventory"),
                window.callTree.scope.getText());
    }

    @Test
    void flameGraphBoxesHoverZoomAndSearch(FxRobot robot) throws Exception {
        open(robot);
        robot.clickOn("Flame graph");
        WaitForAsyncUtils.waitForFxEvents();
        FlameGraphView flame = window.flame;
        DrillDetail all = all();
        double width = flame.canvas.getWidth();
        assertTrue(width > 1000, "width " + width);
        FlameGraphView.Box root = flame.box("all");
        assertEquals(0, root.x());
        assertEquals(width, root.w(), 1e-9);

        long total = all.ownerChains().stream().mapToLong(DrillDetail.Entry::nanos).sum();
        long run = nanos(all.ownerChains(), outermost("java.lang.Thread.run"));
        long reserve = nanos(all.ownerChains(), innermost("SampleWorkload$Inventory.reserve"));
        FlameGraphView.Box runBox = flame.box("java.lang.Thread.run");
        FlameGraphView.Box reserveBox = flame.box("SampleWorkload$Inventory.reserve");
        assertNotNull(runBox);
        assertNotNull(reserveBox);
        assertEquals((double) run / total, runBox.w() / root.w(), 1e-9);
        assertEquals((double) reserve / run, reserveBox.w() / runBox.w(), 1e-9);
        assertEquals(FlameGraphView.ROW, runBox.y(), "the top-level frames are right below the root");
        assertEquals(0, runBox.x());
        assertTrue(reserveBox.y() > runBox.y());
        assertNotNull(flame.box("jdk.internal.vm.Continuation.enterSpecial"));
        assertNotNull(flame.box("SampleWorkload$Ledger.post"));

        // Hover: the frame and its times, in a tooltip and below the graph.
        robot.moveTo(screen(flame, reserveBox));
        WaitForAsyncUtils.waitForFxEvents();
        String expected = "SampleWorkload$Inventory.reserve\n" + Texts.millis(reserve) + " ("
                + Texts.percent(100.0 * reserve / total) + "), self " + Texts.millis(reserve);
        assertEquals(expected, flame.tip.getText());
        assertTrue(flame.tip.isShowing());
        assertTrue(flame.hover.getText().startsWith("SampleWorkload$Inventory.reserve"), flame.hover.getText());

        // Click: zoom to Thread.run, which then fills the width; a click on the root zooms back out.
        robot.clickOn(screen(flame, runBox));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("java.lang.Thread.run", flame.zoomed().frame());
        assertEquals(width, flame.box("java.lang.Thread.run").w(), 1e-9);
        assertEquals((double) reserve / run, flame.box("SampleWorkload$Inventory.reserve").w() / width, 1e-9);
        assertNull(flame.box("jdk.internal.vm.Continuation.enterSpecial"), "other branches are left out when zoomed");
        robot.clickOn(screen(flame, flame.box("all")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("all", flame.zoomed().frame());

        // Search: the matching frames' time, each chain once.
        robot.clickOn("#flame-search").write("inventory");
        WaitForAsyncUtils.waitForFxEvents();
        long matched = 0;
        for (DrillDetail.Entry e : all.ownerChains()) {
            CallChain c = CallChain.of(e.key());
            if (c != null && c.frames().subList(c.mechanismFrames(), c.frames().size()).stream()
                    .anyMatch(f -> f.startsWith("SampleWorkload$Inventory."))) {
                matched += e.nanos();
            }
        }
        assertTrue(matched > reserve, "reserve and audit");
        assertEquals("matched " + Texts.millis(matched) + " (" + Texts.percent(100.0 * matched / total) + ")",
                flame.match.getText());

        // The blocked side, for the first half of the time range only.
        robot.clickOn("#flame-blocked");
        int half = window.lastBucket() / 2;
        robot.interact(() -> window.chart.select(0, half, true));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(window.tree.getRoot().getValue().nanos(), flame.tree().totalNanos());
        assertTrue(flame.tree().totalNanos() < all.nanos());
        Set<String> outer = new TreeSet<>();
        for (DrillDetail.Entry e : window.model().cube().detail(window.tree.getRoot().getValue(), 0, half, false).chains()) {
            List<String> f = CallChain.of(e.key()).frames();
            outer.add(f.get(f.size() - 1).substring(0, f.get(f.size() - 1).indexOf('(')));
        }
        assertTrue(outer.contains("java.lang.Thread.run"), outer.toString());
        assertEquals(outer, new TreeSet<>(flame.tree().root().children().stream().map(CallTree.Node::frame).toList()));
        assertEquals(flame.tree().root().children().size(), flame.boxes().stream().filter(b -> b.node().depth() == 1).count());
    }

    static Point2D screen(FlameGraphView flame, FlameGraphView.Box b) {
        return flame.canvas.localToScreen(b.centreX(), b.centreY());
    }

    /**
     * Sibling chains that share their innermost frames are labelled by where they differ: with all frames,
     * the ReentrantLock's owner chains all start with Unsafe.unpark, LockSupport.unpark, AQS and unlock.
     */
    @Test
    void siblingChainsShowWhereTheyDifferAndTheMechanismToggles(FxRobot robot) throws Exception {
        open(robot);
        TreeItem<DrillNode> lock = window.tree.getRoot().getChildren().stream()
                .filter(c -> c.getValue().text().equals("java.util.concurrent.locks.ReentrantLock$NonfairSync"))
                .findFirst().orElseThrow();
        robot.interact(() -> lock.setExpanded(true));
        TreeItem<DrillNode> get = lock.getChildren().stream()
                .filter(c -> c.getValue().text().startsWith("SampleWorkload$PriceCache.get(SampleWorkload.java:52)"))
                .findFirst().orElseThrow();
        // (A lambda's class name is shown without its address, which differs from one recording to the next.)
        assertEquals("\u2026 SampleWorkload$PriceCache.get(SampleWorkload.java:52) <- SampleWorkload.lambda$main$1"
                + "(SampleWorkload.java:145) <- SampleWorkload$$Lambda.run [+4]",
                window.tree.label(get.getValue()));

        robot.interact(() -> window.tree.getSelectionModel().select(lock));
        WaitForAsyncUtils.waitForFxEvents();
        String detail = window.detail.text.getText();
        assertTrue(detail.contains("at SampleWorkload$PriceCache.get(SampleWorkload.java:52)"), detail);
        assertTrue(detail.contains("\u2026 5 frames of the locking mechanism (jdk.internal.misc.Unsafe.unpark(Native Method)"),
                detail);
        assertFalse(detail.contains("at java.util.concurrent.locks.LockSupport.unpark"), detail);

        robot.clickOn("#all-frames");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("jdk.internal.misc.Unsafe.unpark(Native Method) <- \u20264 shared\u2026 <- "
                + "SampleWorkload$PriceCache.get(SampleWorkload.java:52) [+6]", window.tree.label(get.getValue()));
        TreeItem<DrillNode> refresh = lock.getChildren().stream()
                .filter(c -> c.getValue().text().startsWith("SampleWorkload$PriceCache.refresh(")).findFirst().orElseThrow();
        assertEquals("jdk.internal.misc.Unsafe.unpark(Native Method) <- \u20264 shared\u2026 <- "
                + "SampleWorkload$PriceCache.refresh(SampleWorkload.java:61) [+6]", window.tree.label(refresh.getValue()));
        detail = window.detail.text.getText();
        assertTrue(detail.contains("at java.util.concurrent.locks.LockSupport.unpark(LockSupport.java:183)"), detail);
        assertFalse(detail.contains("frames of the locking mechanism"), detail);
    }
}
