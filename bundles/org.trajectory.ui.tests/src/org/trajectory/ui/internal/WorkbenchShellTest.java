package org.trajectory.ui.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Predicate;

import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.views.properties.PropertySheet;
import org.junit.jupiter.api.Test;
import org.trajectory.ui.internal.dataset.DatasetView;

/** Runs inside the real workbench under the UI harness, on the UI thread. */
class WorkbenchShellTest {

    private final IWorkbenchWindow window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
    private final IWorkbenchPage page = window.getActivePage();
    private final Display display = window.getShell().getDisplay();

    @Test
    void theWindowIsTheTrajectoryWorkbenchInTheCurationPerspective() throws Exception {
        settle();
        assertEquals("Trajectory Workbench", window.getShell().getText());
        assertEquals(CurationPerspective.ID, page.getPerspective().getId());
        for (String view : List.of(Parts.DATASET_VIEW, IPageLayout.ID_PROP_SHEET, IPageLayout.ID_PROGRESS_VIEW)) {
            assertNotNull(page.findViewReference(view), "the Curation perspective holds view " + view);
        }
        assertTrue(page.isEditorAreaVisible(), "the editor area is shown in the middle");
        assertNotNull(find(window.getShell(), Label.class, l -> DatasetView.EMPTY_MESSAGE.equals(l.getText())),
                "the dataset view says no dataset is open");
        screenshot("workbench.png");
    }

    @Test
    void theDatasetViewIsLeftOfTheEditorAreaAndTheBottomFolderBelowIt() {
        settle();
        Label datasetMessage = find(window.getShell(), Label.class, l -> DatasetView.EMPTY_MESSAGE.equals(l.getText()));
        Rectangle dataset = boundsOnDisplay(datasetMessage);
        PropertySheet sheet = (PropertySheet) page.findView(IPageLayout.ID_PROP_SHEET);
        Rectangle properties = boundsOnDisplay(sheet.getCurrentPage().getControl());
        assertTrue(dataset.x + dataset.width <= properties.x, "dataset " + dataset + " is left of properties " + properties);
        assertTrue(properties.y > dataset.y, "properties " + properties + " sit below the top of the dataset view " + dataset);
    }

    @Test
    void theProgressViewIsDeclaredByTheProductNotOnlyByTheTestHarnessIde() {
        // The UI harness drags org.eclipse.ui.ide in, which also declares the Progress view; the product has no ide.
        boolean declared = false;
        for (IConfigurationElement element : Platform.getExtensionRegistry().getConfigurationElementsFor("org.eclipse.ui.views")) {
            declared |= IPageLayout.ID_PROGRESS_VIEW.equals(element.getAttribute("id"))
                    && "org.trajectory.ui".equals(element.getContributor().getName());
        }
        assertTrue(declared, "org.trajectory.ui declares " + IPageLayout.ID_PROGRESS_VIEW);
    }

    @Test
    void theErrorLogOpensFromItsShortcut() throws Exception {
        IViewPart log = page.showView(CurationPerspective.ERROR_LOG_VIEW);
        settle();
        assertNotNull(log);
        assertTrue(log.getTitle().startsWith("Error Log"), log.getTitle());
        page.hideView(log);
    }

    @Test
    void theFileMenuHoldsTheDatasetCommandsHandledAndWithTheirKeys() {
        Menu bar = window.getShell().getMenuBar();
        for (String item : List.of("&New Dataset...", "&Open Dataset...", "Open Dataset on a &Server...", "&Import Records...",
                "&Export Dataset...", "Vali&date Dataset", "&Build Trajectory from Recording...", "Extract Actions from &Video...", "&Annotate Dataset...",
                "&Score Dataset...")) {
            assertNotNull(menuItem(bar, "&File", item), "File > " + item);
        }
        assertTrue(menuItem(bar, "&File", "&Open Dataset...").getText().endsWith("Ctrl+O"), menuItem(bar, "&File", "&Open Dataset...").getText());
        org.eclipse.ui.commands.ICommandService commands = window.getService(org.eclipse.ui.commands.ICommandService.class);
        for (String id : List.of("newDataset", "openDataset", "openServerDataset", "import", "export", "validate", "build", "extract", "annotate",
                "score", "replay", "scrub", "about")) {
            assertTrue(commands.getCommand("org.trajectory.ui.commands." + id).isHandled(), id + " has its handler (plugin.xml)");
        }
        assertNotNull(menuItem(bar, "&File", "Scrub &Personal Data..."));
    }

    /** Each view and the editor show an icon of their own on their tabs, not all the product's. */
    @Test
    void everyViewHasAnIconOfItsOwn() {
        org.eclipse.ui.views.IViewRegistry registry = PlatformUI.getWorkbench().getViewRegistry();
        java.util.Set<String> pictures = new java.util.HashSet<>();
        List<String> views = java.util.Arrays.stream(registry.getViews()).map(org.eclipse.ui.views.IViewDescriptor::getId)
                .filter(id -> id.startsWith("org.trajectory.")).toList();
        assertTrue(views.size() >= 6, views.toString());
        List<org.eclipse.jface.resource.ImageDescriptor> icons = new java.util.ArrayList<>();
        views.forEach(id -> icons.add(registry.find(id).getImageDescriptor()));
        icons.add(PlatformUI.getWorkbench().getEditorRegistry().findEditor("org.trajectory.ui.editors.trajectory").getImageDescriptor());
        for (org.eclipse.jface.resource.ImageDescriptor icon : icons) {
            pictures.add(java.util.Arrays.toString(icon.getImageData(100).data));
        }
        assertEquals(icons.size(), pictures.size(), "one picture a view and the editor: " + views);
    }

    /** Ctrl+E is Export, as the File menu says, not a choice between it and the platform's Quick Switch Editor. */
    @Test
    void ctrlEExportsWithoutAskingWhichCommandIsMeant() throws Exception {
        org.eclipse.ui.keys.IBindingService bindings = window.getService(org.eclipse.ui.keys.IBindingService.class);
        org.eclipse.jface.bindings.Binding match = bindings.getPerfectMatch(org.eclipse.jface.bindings.keys.KeySequence.getInstance("M1+E"));
        assertNotNull(match, "Ctrl+E has one command, not a conflict");
        assertEquals("org.trajectory.ui.commands.export", match.getParameterizedCommand().getId());
        assertTrue(menuItem(window.getShell().getMenuBar(), "&File", "&Export Dataset...").getText().endsWith("Ctrl+E"));
    }

    @Test
    void helpAboutShowsTheVersion() throws Exception {
        MenuItem aboutItem = menuItem(window.getShell().getMenuBar(), "&Help", "&About Trajectory Workbench");
        assertNotNull(aboutItem, "Help > About is in the menu");

        AboutDialog dialog = new AboutDialog(window.getShell());
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            settle();
            Shell shell = dialog.getShell();
            assertEquals(AboutDialog.TITLE, shell.getText());
            String expected = "Version " + AboutDialog.version();
            assertNotNull(find(shell, Label.class, l -> expected.equals(l.getText())), "the dialog shows " + expected);
            assertTrue(AboutDialog.version().matches("\\d+\\.\\d+\\.\\d+.*"), AboutDialog.version());
            screenshot("about.png");
        } finally {
            dialog.close();
        }
    }

    private static MenuItem menuItem(Menu bar, String menu, String item) {
        for (MenuItem top : bar.getItems()) {
            if (menu.equals(top.getText()) && top.getMenu() != null) {
                // Menus managed by JFace fill their items when shown; ask them to fill now.
                top.getMenu().notifyListeners(SWT.Show, new Event());
                for (MenuItem child : top.getMenu().getItems()) {
                    if (child.getText().startsWith(item)) {
                        return child;
                    }
                }
            }
        }
        return null;
    }

    private Rectangle boundsOnDisplay(Control control) {
        return display.map(control.getParent(), null, control.getBounds());
    }

    private static <T extends Control> T find(Control root, Class<T> type, Predicate<T> test) {
        return WidgetFinder.find(root, type, test).orElse(null);
    }

    /** Lets the workbench handle, lay out and paint everything queued: returns when nothing is left, not after a time. */
    private void settle() {
        do {
            while (display.readAndDispatch()) {
                // drain
            }
            display.update();
        } while (display.readAndDispatch());
    }

    private void screenshot(String name) throws Exception {
        Screenshots.take(display, name);
    }
}
