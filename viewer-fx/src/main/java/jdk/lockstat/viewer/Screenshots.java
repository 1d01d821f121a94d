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

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javafx.application.Platform;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import jdk.lockstat.query.DrillNode;

/**
 * Writes a 1280x800 PNG of every view for one trace (make viewer-screenshots, run under Xvfb): the
 * contention tree with a node's details, the "who blocks me" preset, the call tree and the flame graph,
 * per-lock statistics, the thread timeline and the bottle graph.
 */
final class Screenshots {
    private Screenshots() {}

    static int run(Path dir, Path trace) throws Exception {
        Files.createDirectories(dir);
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        AtomicReference<MainWindow> window = new AtomicReference<>();
        CountDownLatch loaded = new CountDownLatch(1);
        MainWindow.onFx(() -> {
            MainWindow w = new MainWindow(new Stage());
            w.stage().show();
            w.loadedProperty().addListener((o, a, b) -> {
                if (b) {
                    loaded.countDown();
                }
            });
            window.set(w);
            w.open(trace);
        });
        if (!loaded.await(5, TimeUnit.MINUTES)) {
            System.err.println("lockstat-viewer: " + trace + " did not load in 5 minutes");
            return 1;
        }
        MainWindow w = window.get();
        shot(w, () -> {
            w.aspects.set(Presets.PER_LOCK.aspects);
            selectLargestLeafPath(w, 3);
        }, dir.resolve("viewer-tree.png"));
        shot(w, () -> {
            w.aspects.set(Presets.WHO_BLOCKS_ME.aspects);
            selectLargestLeafPath(w, 2);
        }, dir.resolve("viewer-who-blocks-me.png"));
        // The call tree and flame graph of all contention (nothing selected), with room to see them.
        shot(w, () -> {
            w.aspects.set(Presets.DEFAULT.aspects);
            w.tree.getSelectionModel().clearSelection();
            w.treeAndDetail.setDividerPositions(0.28);
            w.chainSettings.side.set(ChainSettings.Side.OWNER);
            w.chainSettings.direction.set(jdk.lockstat.query.CallTree.Direction.BOTTOM_UP);
            w.showNodeTab("Call tree");
        }, dir.resolve("viewer-call-tree.png"));
        shot(w, () -> {
            w.chainSettings.direction.set(jdk.lockstat.query.CallTree.Direction.TOP_DOWN);
            w.showNodeTab("Flame graph");
            w.flame.search.setText("SampleWorkload$Inventory");
            w.flame.highlight(w.flame.box("SampleWorkload$Inventory.reserve"));
        }, dir.resolve("viewer-flame-graph.png"));
        MainWindow.onFx(() -> {
            w.flame.search.clear();
            w.showNodeTab("Detail");
            w.treeAndDetail.setDividerPositions(0.55);
        });
        // Root cause: the catalog readers' time, which comes back to Database.export through the index's
        // owner, itself blocked on the database.
        shot(w, () -> {
            w.aspects.set(Presets.ROOT_CAUSE.aspects);
            TreeItem<DrillNode> root = w.tree.getRoot();
            for (TreeItem<DrillNode> c : root.getChildren()) {
                if (c.getValue().text().contains("Database.export")) {
                    c.setExpanded(true);
                    c.getChildren().forEach(x -> x.setExpanded(true));
                    w.tree.getSelectionModel().select(c.getChildren().isEmpty() ? c : c.getChildren().get(0));
                }
            }
        }, dir.resolve("viewer-root-cause.png"));
        shot(w, () -> w.showTab("Locks"), dir.resolve("viewer-locks.png"));
        shot(w, () -> w.showTab("Threads"), dir.resolve("viewer-threads.png"));
        shot(w, () -> w.showTab("Bottle graph"), dir.resolve("viewer-bottle-graph.png"));
        MainWindow.onFx(() -> {
            w.showTab("What-if");
            w.whatIf.predict();
        });
        for (int i = 0; i < 600 && w.whatIf.table.getItems().isEmpty(); i++) {
            Thread.sleep(100);   // the replay runs in the background
        }
        shot(w, () -> { }, dir.resolve("viewer-what-if.png"));
        Platform.exit();
        return 0;
    }

    /** Expands the largest path to the given depth and selects its node. */
    static void selectLargestLeafPath(MainWindow w, int depth) {
        TreeItem<DrillNode> item = w.tree.getRoot();
        for (int i = 0; i < depth && item != null && !item.getChildren().isEmpty(); i++) {
            item.setExpanded(true);
            item = item.getChildren().get(0);
        }
        if (item != null) {
            w.tree.getSelectionModel().select(item);
        }
    }

    private static void shot(MainWindow w, Runnable setUp, Path file) throws Exception {
        MainWindow.onFx(setUp);
        Thread.sleep(400);   // let layout and the canvases settle (two pulses are enough; this is generous)
        MainWindow.onFx(() -> {
            try {
                w.exportPng(file);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        System.out.println("lockstat-viewer: wrote " + file);
    }
}
