package org.trajectory.ui.internal.preferences;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.IExecutableExtension;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.jface.preference.PreferencePage;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPreferencePage;
import org.trajectory.vlm.ApiKeys;
import org.trajectory.vlm.ProviderSettings;
import org.trajectory.vlm.VlmProviders;

/**
 * The settings of one VLM provider, named by the page's initialization data ({@code class="...ProviderPreferencePage:openai"}),
 * so a plugin that adds a provider adds its page with one line of plugin.xml. The key goes to the workbench's secure storage, encrypted;
 * the field never shows it, only whether one is stored.
 */
public final class ProviderPreferencePage extends PreferencePage implements IWorkbenchPreferencePage, IExecutableExtension {

    private String providerId;
    private VlmProviders.Descriptor provider;
    private Text baseUrl;
    private Text model;
    private Text key;
    private Text timeout;
    private Text inputPrice;
    private Text outputPrice;

    @Override
    public void setInitializationData(IConfigurationElement config, String property, Object data) throws CoreException {
        providerId = data instanceof String id ? id : null;
    }

    @Override
    public void init(IWorkbench workbench) {
        provider = providerId == null ? null : VlmProviders.get().find(providerId).orElse(null);
        noDefaultAndApplyButton();
    }

    @Override
    protected Control createContents(Composite parent) {
        Composite form = new Composite(parent, SWT.NONE);
        GridLayoutFactory.fillDefaults().numColumns(2).applyTo(form);
        if (provider == null) {
            new Label(form, SWT.WRAP).setText("No provider '" + providerId + "' is installed.");
            return form;
        }
        IEclipsePreferences node = ProviderSettings.node(provider.id());
        baseUrl = field(form, "&Base URL:", ProviderSettings.get(node, ProviderSettings.BASE_URL, provider.defaultBaseUrl()), SWT.NONE);
        model = field(form, "&Model:", ProviderSettings.get(node, ProviderSettings.MODEL, provider.defaultModel()), SWT.NONE);
        key = field(form, "API &key:", "", SWT.PASSWORD);
        boolean stored = ApiKeys.user().stored(provider.id()) != null;
        key.setMessage(stored ? "(stored; type a new one to replace it)" : "(none stored)");
        timeout = field(form, "&Timeout (s):", ProviderSettings.get(node, ProviderSettings.TIMEOUT_SECONDS, "120"), SWT.NONE);
        inputPrice = field(form, "&Input price ($ per million tokens):", ProviderSettings.get(node, ProviderSettings.INPUT_PRICE, ""), SWT.NONE);
        outputPrice = field(form, "&Output price ($ per million tokens):", ProviderSettings.get(node, ProviderSettings.OUTPUT_PRICE, ""), SWT.NONE);
        Label note = new Label(form, SWT.WRAP);
        note.setText("The key is kept " + org.trajectory.vlm.SecretStorage.describe() + ", and never written to any other file, log or export."
                + (provider.keyVariable() == null ? "" : " Headless runs read it from " + provider.keyVariable() + ", which wins when set.")
                + " Local servers (vLLM, Ollama, LM Studio) need no key: set their base URL, e.g. http://localhost:11434/v1.");
        GridDataFactory.fillDefaults().span(2, 1).grab(true, false).hint(460, SWT.DEFAULT).indent(0, 10).applyTo(note);
        return form;
    }

    private static Text field(Composite form, String label, String value, int style) {
        new Label(form, SWT.NONE).setText(label);
        Text text = new Text(form, SWT.BORDER | style);
        text.setText(value);
        GridDataFactory.fillDefaults().grab(true, false).hint(300, SWT.DEFAULT).applyTo(text);
        return text;
    }

    @Override
    public boolean performOk() {
        if (provider == null) {
            return true;
        }
        try {
            ProviderSettings.put(provider.id(), ProviderSettings.BASE_URL, same(baseUrl.getText(), provider.defaultBaseUrl()));
            ProviderSettings.put(provider.id(), ProviderSettings.MODEL, same(model.getText(), provider.defaultModel()));
            ProviderSettings.put(provider.id(), ProviderSettings.TIMEOUT_SECONDS, timeout.getText());
            ProviderSettings.put(provider.id(), ProviderSettings.INPUT_PRICE, inputPrice.getText());
            ProviderSettings.put(provider.id(), ProviderSettings.OUTPUT_PRICE, outputPrice.getText());
            if (!key.getText().isEmpty()) {
                ApiKeys.user().store(provider.id(), key.getText().strip());
                key.setText("");
            }
            return true;
        } catch (Exception e) {
            ILog.of(getClass()).error("Could not save the settings of " + provider.name(), e);
            setErrorMessage("Could not save: " + e.getMessage() + (e instanceof org.eclipse.equinox.security.storage.StorageException
                    ? " (nothing was kept; " + provider.keyVariable() + " gives the key without storing it)" : ""));
            return false;
        }
    }

    /** Null (the default, which then follows later versions) when the value is the default. */
    private static String same(String value, String fallback) {
        return value.strip().equals(fallback) ? null : value;
    }
}
