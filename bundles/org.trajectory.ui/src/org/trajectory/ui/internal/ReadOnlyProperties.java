package org.trajectory.ui.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.ui.views.properties.IPropertyDescriptor;
import org.eclipse.ui.views.properties.IPropertySource;
import org.eclipse.ui.views.properties.PropertyDescriptor;

/** Values shown in the Properties view, grouped by category, not editable there (the editor edits). */
public abstract class ReadOnlyProperties implements IPropertySource {

    private final Map<String, Object> values = new LinkedHashMap<>();
    private final Map<String, String> categories = new LinkedHashMap<>();

    protected final void put(String category, String name, Object value) {
        values.put(name, value == null ? "" : value);
        categories.put(name, category);
    }

    @Override
    public Object getEditableValue() {
        return this;
    }

    @Override
    public IPropertyDescriptor[] getPropertyDescriptors() {
        return values.keySet().stream().map(name -> {
            PropertyDescriptor descriptor = new PropertyDescriptor(name, name);
            descriptor.setCategory(categories.get(name));
            return descriptor;
        }).toArray(IPropertyDescriptor[]::new);
    }

    @Override
    public Object getPropertyValue(Object id) {
        return values.get(id);
    }

    @Override
    public boolean isPropertySet(Object id) {
        return false;
    }

    @Override
    public void resetPropertyValue(Object id) {
    }

    @Override
    public void setPropertyValue(Object id, Object value) {
    }
}
