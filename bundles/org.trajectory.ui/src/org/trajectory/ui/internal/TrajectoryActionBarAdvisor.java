package org.trajectory.ui.internal;

import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.MenuManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.ui.IWorkbenchActionConstants;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.actions.ActionFactory.IWorkbenchAction;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.actions.ContributionItemFactory;
import org.eclipse.ui.application.ActionBarAdvisor;
import org.eclipse.ui.application.IActionBarConfigurer;

/**
 * The main menu: the platform's own actions and the standard group markers. Our commands come into it from plugin.xml
 * (menu contributions after {@code fileStart} and {@code helpEnd}, handled by {@link WindowCommands}).
 */
final class TrajectoryActionBarAdvisor extends ActionBarAdvisor {

    private IWorkbenchAction quit;
    private IWorkbenchAction resetPerspective;
    private IWorkbenchAction preferences;
    private IWorkbenchAction save;
    private IWorkbenchAction close;
    private IWorkbenchAction undo;
    private IWorkbenchAction redo;

    TrajectoryActionBarAdvisor(IActionBarConfigurer configurer) {
        super(configurer);
    }

    @Override
    protected void makeActions(IWorkbenchWindow window) {
        quit = ActionFactory.QUIT.create(window);
        resetPerspective = ActionFactory.RESET_PERSPECTIVE.create(window);
        preferences = ActionFactory.PREFERENCES.create(window);
        save = ActionFactory.SAVE.create(window);
        close = ActionFactory.CLOSE.create(window);
        undo = ActionFactory.UNDO.create(window);
        redo = ActionFactory.REDO.create(window);
        for (IWorkbenchAction action : new IWorkbenchAction[] { quit, resetPerspective, preferences, save, close, undo, redo }) {
            register(action); // registered actions are disposed with the window and get their key bindings
        }
    }

    @Override
    protected void fillMenuBar(IMenuManager menuBar) {
        MenuManager file = new MenuManager("&File", IWorkbenchActionConstants.M_FILE);
        file.add(new Separator(IWorkbenchActionConstants.FILE_START));
        file.add(save);
        file.add(close);
        file.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        file.add(new Separator(IWorkbenchActionConstants.FILE_END));
        file.add(quit);

        MenuManager edit = new MenuManager("&Edit", IWorkbenchActionConstants.M_EDIT);
        edit.add(undo);
        edit.add(redo);
        edit.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));

        MenuManager window = new MenuManager("&Window", IWorkbenchActionConstants.M_WINDOW);
        MenuManager showView = new MenuManager("Show &View", "showView");
        showView.add(ContributionItemFactory.VIEWS_SHORTLIST.create(getActionBarConfigurer().getWindowConfigurer().getWindow()));
        window.add(showView);
        window.add(resetPerspective);
        window.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        window.add(new Separator());
        window.add(preferences);

        MenuManager help = new MenuManager("&Help", IWorkbenchActionConstants.M_HELP);
        help.add(new Separator(IWorkbenchActionConstants.HELP_START));
        help.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        help.add(new Separator(IWorkbenchActionConstants.HELP_END));

        menuBar.add(file);
        menuBar.add(edit);
        menuBar.add(new Separator(IWorkbenchActionConstants.MB_ADDITIONS));
        menuBar.add(window);
        menuBar.add(help);
    }
}
