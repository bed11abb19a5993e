package org.trajectory.ui.internal.dataset;

import java.nio.file.Path;

import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.PlatformUI;
import org.trajectory.dataset.DatasetAddress;
import org.trajectory.ui.internal.CheckedDialog;
import org.trajectory.ui.internal.DatasetSession;

/** Asks for a server dataset's address, the images folder as this machine reaches it, and the password. */
final class ServerDatasetDialog extends CheckedDialog {

    private Text address;
    private Text images;
    private Text password;
    private Button remember;
    private DatasetAddress.Server chosen;
    private String typed;
    private boolean keep;

    ServerDatasetDialog(Shell shell) {
        super(shell, "&Open", "Open Dataset on a Server",
                "A team's dataset in a PostgreSQL database. Its images live in a folder every member reaches, or inside the database.", 2);
    }

    @Override
    protected void createForm(Composite form) {
        address = field(form, "&Address:", SWT.BORDER);
        address.setMessage("postgresql://user@host:5432/database");
        images = field(form, "&Images folder:", SWT.BORDER);
        images.setMessage("the shared folder as this machine mounts it; \"database\" for a new dataset keeping them inside; empty: as the dataset says");
        password = field(form, "&Password:", SWT.BORDER | SWT.PASSWORD);
        new Label(form, SWT.NONE);
        remember = new Button(form, SWT.CHECK);
        remember.setText("&Remember the password (encrypted in the workbench's secure storage)");
        address.addModifyListener(e -> check());
        String last = DatasetSession.of(PlatformUI.getWorkbench()).address() instanceof DatasetAddress.Server open ? open.spec() : "";
        address.setText(last);
    }

    private static Text field(Composite parent, String label, int style) {
        new Label(parent, SWT.NONE).setText(label);
        Text text = new Text(parent, style);
        GridDataFactory.fillDefaults().grab(true, false).hint(420, SWT.DEFAULT).applyTo(text);
        return text;
    }

    @Override
    protected String problem() {
        try {
            String text = address.getText().strip();
            if (!text.regionMatches(true, 0, DatasetAddress.SCHEME, 0, DatasetAddress.SCHEME.length())) {
                return "Write the address as postgresql://user@host:port/database.";
            }
            DatasetAddress.parse(text);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    @Override
    protected void okPressed() {
        DatasetAddress.Server server = (DatasetAddress.Server) DatasetAddress.parse(address.getText().strip());
        String folder = images.getText().strip();
        if (!folder.isEmpty()) {
            java.util.Map<String, String> options = new java.util.HashMap<>(server.options());
            options.put(DatasetAddress.Server.IMAGES,
                    folder.equals(DatasetAddress.Server.IN_DATABASE) ? folder : Path.of(folder).toAbsolutePath().toString());
            server = new DatasetAddress.Server(server.user(), server.host(), server.port(), server.database(), options);
        }
        chosen = server;
        typed = password.getText();
        keep = remember.getSelection();
        super.okPressed();
    }

    /** The address chosen, or null when cancelled. */
    DatasetAddress.Server server() {
        return chosen;
    }

    /** The password typed (empty: none, the store looks further). */
    String password() {
        return typed;
    }

    boolean remember() {
        return keep;
    }
}
