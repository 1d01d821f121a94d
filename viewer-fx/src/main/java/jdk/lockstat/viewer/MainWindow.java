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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TreeItem;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;
import jdk.lockstat.query.Aspect;
import jdk.lockstat.query.CallTree;
import jdk.lockstat.query.DrillDetail;
import jdk.lockstat.query.DrillNode;
import jdk.lockstat.query.ReportFormat;
import jdk.lockstat.query.TimeAxis;
import jdk.lockstat.query.TraceModel;

/**
 * The viewer's window: drill-down panel on top, the contention-over-time range selector, and the views
 * (aggregation tree with, for its selected node, the details, the call tree and the flame graph; per-lock
 * statistics, thread timeline, bottle graph) in tabs. A trace is analysed in a background task; the views
 * refresh from the partial model while it loads.
 */
public final class MainWindow {
    private final Stage stage;
    final AspectBar aspects = new AspectBar(a -> refreshTree());
    final ContentionTreeTable tree = new ContentionTreeTable();
    final DetailPane detail = new DetailPane();
    final ChainSettings chainSettings = new ChainSettings();
    final CallTreeView callTree = new CallTreeView(chainSettings);
    final FlameGraphView flame = new FlameGraphView(chainSettings);
    final TabPane nodeTabs = new TabPane();
    final Tab detailTab = new Tab("Detail"), callTreeTab = new Tab("Call tree"), flameTab = new Tab("Flame graph");
    final SplitPane treeAndDetail;
    final TimeRangeChart chart = new TimeRangeChart((a, b) -> refreshAll());
    final LockTable locks = new LockTable();
    final ThreadTimelineView timeline = new ThreadTimelineView();
    final BottleGraphView bottle = new BottleGraphView(this::refreshViews);
    final WhatIfView whatIf = new WhatIfView();
    final TabPane tabs = new TabPane();
    final Tab treeTab = new Tab("Contention"), locksTab = new Tab("Locks"), threadsTab = new Tab("Threads"),
            bottleTab = new Tab("Bottle graph"), whatIfTab = new Tab("What-if");
    final Label banner = new Label();
    final Label status = new Label("Open a trace: File > Open, drop a file here, or lockstat-viewer TRACE");
    final ProgressBar progress = new ProgressBar(0);
    final Button cancel = new Button("Cancel");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(false);
    private TraceModel model;
    private Task<TraceModel> task;
    private Timeline partialRefresh;
    /** The node whose detail, call tree and flame graph are shown (the selection, else the root), and its detail. */
    private DrillNode shownNode;
    private DrillDetail shownDetail;
    private boolean rebuilding;

    public MainWindow(Stage stage) {
        this.stage = stage;
        aspects.chosen.getItems().setAll(Presets.DEFAULT.aspects);
        aspects.afterWait.setOnAction(e -> refreshTree());
        aspects.search.textProperty().addListener((o, a, b) -> tree.filter(b));
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (!rebuilding) {
                showSelection();
            }
        });
        aspects.allFrames.setOnAction(e -> {
            tree.allFrames(aspects.allFrames.isSelected());
            showSelection();
        });
        chainSettings.side.addListener(o -> refreshStacks());
        chainSettings.direction.addListener(o -> refreshStacks());
        chainSettings.lines.addListener(o -> refreshStacks());
        detailTab.setContent(detail);
        callTreeTab.setContent(callTree);
        flameTab.setContent(flame);
        for (Tab t : List.of(detailTab, callTreeTab, flameTab)) {
            t.setClosable(false);
        }
        nodeTabs.setId("node-tabs");
        nodeTabs.getTabs().addAll(detailTab, callTreeTab, flameTab);
        nodeTabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> refreshStacks());
        treeAndDetail = new SplitPane(tree, nodeTabs);
        treeAndDetail.setOrientation(Orientation.VERTICAL);
        treeAndDetail.setDividerPositions(0.55);
        treeTab.setContent(treeAndDetail);
        locksTab.setContent(locks);
        threadsTab.setContent(timeline);
        bottleTab.setContent(bottle);
        whatIfTab.setContent(whatIf);
        for (Tab t : List.of(treeTab, locksTab, threadsTab, bottleTab, whatIfTab)) {
            t.setClosable(false);
        }
        tabs.setId("tabs");
        tabs.getTabs().addAll(treeTab, locksTab, threadsTab, bottleTab, whatIfTab);
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> refreshViews());
        banner.setId("banner");
        banner.setWrapText(true);
        banner.setVisible(false);
        banner.setManaged(false);
        banner.setPadding(new Insets(4, 8, 4, 8));
        banner.setStyle("-fx-background-color: #fcf8e3; -fx-text-fill: #8a6d3b;");
        banner.setMaxWidth(Double.MAX_VALUE);
        VBox top = new VBox(menu(), aspects, banner);
        VBox centre = new VBox(chart, tabs);
        VBox.setVgrow(tabs, Priority.ALWAYS);
        progress.setId("progress");
        progress.setVisible(false);
        cancel.setId("cancel");
        cancel.setVisible(false);
        cancel.setOnAction(e -> {
            if (task != null) {
                task.cancel(false);   // the pass stops at the next buffer; what was read stays shown
            }
        });
        status.setId("status");
        HBox bottom = new HBox(8, status, progress, cancel);
        HBox.setHgrow(status, Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(3, 6, 3, 6));
        BorderPane root = new BorderPane(centre, top, null, bottom, null);
        Scene scene = new Scene(root, 1280, 800);
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
            }
            e.consume();
        });
        scene.setOnDragDropped(e -> {
            boolean ok = e.getDragboard().hasFiles() && !e.getDragboard().getFiles().isEmpty();
            if (ok) {
                open(e.getDragboard().getFiles().get(0).toPath());
            }
            e.setDropCompleted(ok);
            e.consume();
        });
        stage.setScene(scene);
        stage.setTitle("LockStat viewer");
    }

    private MenuBar menu() {
        MenuItem open = new MenuItem("Open trace\u2026");
        open.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Open a LockStat trace");
            fc.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("LockStat traces", "*.lct"),
                    new FileChooser.ExtensionFilter("All files", "*"));
            java.io.File f = fc.showOpenDialog(stage);
            if (f != null) {
                open(f.toPath());
            }
        });
        MenuItem csv = exportItem("Export tree as CSV\u2026", "*.csv", p -> exportTree(p, "csv"));
        MenuItem json = exportItem("Export tree as JSON\u2026", "*.json", p -> exportTree(p, "json"));
        MenuItem png = exportItem("Export current view as PNG\u2026", "*.png", this::exportPng);
        MenuItem quit = new MenuItem("Quit");
        quit.setOnAction(e -> stage.close());
        return new MenuBar(new Menu("File", null, open, csv, json, png, quit));
    }

    private interface Export {
        void to(Path p) throws IOException;
    }

    private MenuItem exportItem(String title, String pattern, Export export) {
        MenuItem item = new MenuItem(title);
        item.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle(title);
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(pattern, pattern));
            java.io.File f = fc.showSaveDialog(stage);
            if (f != null) {
                try {
                    export.to(f.toPath());
                    status.setText("Wrote " + f);
                } catch (IOException | RuntimeException x) {
                    showBanner("Could not write " + f + ": " + x.getMessage());
                }
            }
        });
        return item;
    }

    public Stage stage() {
        return stage;
    }

    /** True once a trace has been read to its end (or as far as it could be read). */
    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    public TraceModel model() {
        return model;
    }

    /** Opens a trace: analysis in the background, the views fill in as it goes. */
    public void open(Path file) {
        if (task != null && task.isRunning()) {
            task.cancel(false);
        }
        loaded.set(false);
        hideBanner();
        detail.clear();
        shownNode = null;
        shownDetail = null;
        chart.select(0, Integer.MAX_VALUE, false);
        if (!Files.isReadable(file)) {
            showBanner("Cannot read " + file + (Files.exists(file) ? " (permission denied)" : " (no such file)"));
            loaded.set(true);
            return;
        }
        TraceModel m = TraceModel.of(file);
        model = m;
        whatIf.trace(file);
        stage.setTitle("LockStat viewer \u2014 " + file.getFileName());
        long started = System.nanoTime();
        Task<TraceModel> t = new Task<>() {
            @Override
            protected TraceModel call() throws Exception {
                return m.load(new TraceModel.Progress() {
                    @Override
                    public void read(long bytesRead, long bytesTotal, long events) {
                        updateProgress(bytesRead, Math.max(1, bytesTotal));
                        updateMessage(String.format("Reading %s: %,d of %,d bytes, %,d events", file.getFileName(),
                                bytesRead, bytesTotal, events));
                    }

                    @Override
                    public boolean cancelled() {
                        return isCancelled();
                    }
                });
            }
        };
        task = t;
        progress.progressProperty().bind(t.progressProperty());
        status.textProperty().bind(t.messageProperty());
        progress.setVisible(true);
        cancel.setVisible(true);
        partialRefresh = new Timeline(new KeyFrame(Duration.millis(700), e -> {
            if (model == m) {
                refreshAll();
            }
        }));
        partialRefresh.setCycleCount(Timeline.INDEFINITE);
        partialRefresh.play();
        t.setOnSucceeded(e -> finished(m, t, started, null));
        t.setOnFailed(e -> finished(m, t, started, t.getException()));
        t.setOnCancelled(e -> finished(m, t, started, new java.util.concurrent.CancellationException()));
        Thread worker = new Thread(t, "lockstat-viewer-load");
        worker.setDaemon(true);
        worker.start();
    }

    private void finished(TraceModel m, Task<TraceModel> t, long started, Throwable failure) {
        if (model != m) {
            return;   // a later open replaced it
        }
        partialRefresh.stop();
        status.textProperty().unbind();
        progress.progressProperty().unbind();
        progress.setVisible(false);
        cancel.setVisible(false);
        refreshAll();
        long[] pauses = m.activity().pauses();
        String summary = String.format("%s: %,d contentions, %,d events, %,d threads, %,d VM pauses (%s), read in %.1f s",
                m.file().getFileName(), m.cube().contentions(), m.events(), m.activity().threads(),
                pauses[0], Texts.millis(pauses[1]), (System.nanoTime() - started) / 1e9)
                + (m.sampling() > 1 ? String.format("; sampled one in %,d: counts and times scaled by it", m.sampling()) : "");
        status.setText(summary);
        if (failure instanceof java.util.concurrent.CancellationException) {
            showBanner("Loading cancelled: the views show the part of the trace read so far.");
        } else if (failure != null) {
            showBanner("Could not read " + m.file() + ": " + message(failure)
                    + (m.cube().contentions() > 0 ? " (the views show what was read before)" : ""));
        } else if (!m.problems().isEmpty()) {
            showBanner("The trace is damaged; the views show what could be read. " + String.join("; ",
                    m.problems().subList(0, Math.min(3, m.problems().size()))));
        }
        loaded.set(true);
    }

    private static String message(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    private void showBanner(String text) {
        banner.setText(text);
        banner.setVisible(true);
        banner.setManaged(true);
    }

    private void hideBanner() {
        banner.setText("");
        banner.setVisible(false);
        banner.setManaged(false);
    }

    private void refreshAll() {
        refreshChart();
        refreshTree();
        refreshViews();
    }

    private void refreshChart() {
        if (model != null) {
            chart.setData(model.activity().averageThreads(), model.lastBucket(), model.axis().widthNanos());
        }
    }

    /** Rebuilds the tree from the cube for the current aspects, window and tree (main or after wait). */
    void refreshTree() {
        if (model == null) {
            return;
        }
        DrillNode root = model.cube().tree(aspects.aspects(), chart.from(), chart.to(), aspects.afterWait.isSelected());
        rebuilding = true;
        try {
            tree.show(root, 2);
            if (!aspects.search.getText().isBlank()) {
                tree.filter(aspects.search.getText());
            }
        } finally {
            rebuilding = false;
        }
        showSelection();
    }

    /** The tab on show, for the current window. */
    private void refreshViews() {
        if (model == null) {
            return;
        }
        Tab t = tabs.getSelectionModel().getSelectedItem();
        int from = chart.from(), to = Math.min(chart.to(), model.lastBucket());
        if (t == locksTab) {
            locks.show(model.lockStatistics().rows(), runNanos());
        } else if (t == threadsTab) {
            timeline.show(model.activity().timelines(from, to, ThreadTimelineView.MAX_THREADS), from, to,
                    model.activity().threads());
        } else if (t == bottleTab) {
            bottle.show(model.activity().bottleGraph(from, to, bottle.grouped.isSelected(), cpus()), cpus());
        }
    }

    private long runNanos() {
        return model.endNanos() == Long.MIN_VALUE ? 0 : model.endNanos() - model.startNanos();
    }

    private int cpus() {
        return model.cpus();
    }

    /**
     * The selected node's detail, call tree and flame graph; with no node selected, the detail is empty and
     * the call tree and flame graph show all contention of the tree (time range, after-wait or not).
     */
    private void showSelection() {
        TreeItem<DrillNode> item = tree.getSelectionModel().getSelectedItem();
        TreeItem<DrillNode> root = tree.getRoot();
        DrillNode node = item != null ? item.getValue() : root != null ? root.getValue() : null;
        if (model == null || node == null) {
            shownNode = null;
            shownDetail = null;
            detail.clear();
            refreshStacks();
            return;
        }
        shownNode = node;
        shownDetail = model.cube().detail(node, chart.from(), chart.to(), aspects.afterWait.isSelected());
        if (item == null) {
            detail.clear();
        } else {
            detail.show(node, shownDetail, aspects.allFrames.isSelected());
        }
        refreshStacks();
    }

    /** The call tree or flame graph, whichever is on show, of the shown node's blocked or owner chains. */
    void refreshStacks() {
        Tab t = nodeTabs.getSelectionModel().getSelectedItem();
        if (t != callTreeTab && t != flameTab) {
            return;
        }
        if (shownDetail == null) {
            callTree.clear("");
            flame.clear("");
            return;
        }
        boolean owners = chainSettings.side.get() == ChainSettings.Side.OWNER;
        CallTree calls = CallTree.of(owners ? shownDetail.ownerChains() : shownDetail.chains(),
                chainSettings.direction.get(), aspects.allFrames.isSelected(), chainSettings.lines.get());
        String scope = scope(shownNode, chainSettings.side.get());
        if (t == callTreeTab) {
            callTree.show(calls, scope);
        } else {
            flame.show(calls, scope);
        }
    }

    /** Whose chains: the node's path, the time range, the tree. */
    private String scope(DrillNode node, ChainSettings.Side side) {
        StringBuilder sb = new StringBuilder(side.label).append(" of ");
        if (node.parent() == null) {
            sb.append("all contention");
        }
        List<String> path = new java.util.ArrayList<>();
        for (DrillNode n = node; n != null && n.parent() != null; n = n.parent()) {
            path.add(0, n.aspect().displayName() + " = " + tree.label(n));
        }
        sb.append(String.join(" \u203a ", path));
        long w = model.axis().widthNanos();
        if (chart.from() > 0 || chart.to() < model.lastBucket()) {
            sb.append(String.format(java.util.Locale.ROOT, ", %.3f s to %.3f s", chart.from() * w / 1e9,
                    Math.min(chart.to(), model.lastBucket()) * w / 1e9));
        }
        if (aspects.afterWait.isSelected()) {
            sb.append(", after wait");
        }
        return sb.append(String.format(java.util.Locale.ROOT, ": %s", Texts.millis(node.nanos()))).toString();
    }

    /** Selects a tab below the tree by its title: Detail, Call tree, Flame graph (screenshots, tests). */
    public void showNodeTab(String title) {
        for (Tab t : nodeTabs.getTabs()) {
            if (t.getText().equals(title)) {
                nodeTabs.getSelectionModel().select(t);
            }
        }
    }

    /** The current tree (all levels, nothing pruned) as the report's CSV or JSON. */
    public void exportTree(Path file, String format) throws IOException {
        if (model == null) {
            throw new IOException("no trace is open");
        }
        List<Aspect> by = aspects.aspects();
        DrillNode main = model.cube().tree(by, chart.from(), chart.to(), false);
        DrillNode afterWait = model.cube().tree(by, chart.from(), chart.to(), true);
        boolean window = chart.from() > 0 || chart.to() < model.lastBucket();
        long w = model.axis().widthNanos();
        ReportFormat.Source source = new ReportFormat.Source(model.file().toString(),
                window ? String.format("window %.3f s to %.3f s", chart.from() * w / 1e9, chart.to() * w / 1e9) : "",
                window ? "{\"fromNanos\": " + chart.from() * w + ", \"toNanos\": " + chart.to() * w + "}" : "null",
                Set.of(), model.complete(), model.problems(), model.notes(),
                model.sampling());
        Files.writeString(file, ReportFormat.render(format, source, by, main.toReportNode(), afterWait.toReportNode(),
                Integer.MAX_VALUE, 0));
    }

    /** The tab on show (with the time chart) as a PNG. */
    public void exportPng(Path file) throws IOException {
        Node n = stage.getScene().getRoot();
        Snapshots.write(n, file);
    }

    /** Selects a tab by its title (screenshots, tests). */
    public void showTab(String title) {
        for (Tab t : tabs.getTabs()) {
            if (t.getText().equals(title)) {
                tabs.getSelectionModel().select(t);
            }
        }
    }

    /** Runs r on the FX thread and waits for it (from a non-FX thread). */
    static void onFx(Runnable r) throws InterruptedException {
        if (Platform.isFxApplicationThread()) {
            r.run();
            return;
        }
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        });
        done.await();
    }

    int lastBucket() {
        return model == null ? TimeAxis.BUCKETS : model.lastBucket();
    }
}
