import { type FormikConfig, type FormikTouched, type FormikValues, useFormik } from 'formik';
import { useRef } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';
import { useFormSchemas } from './form-rules';

type CheckedFormConfig<Values extends FormikValues> = Pick<
  FormikConfig<Values>,
  'initialValues' | 'validate' | 'onSubmit'
>;

/**
 * A formik form of the signed-out screens, checked before it is sent: on a field in error the
 * first one (in the order of `initialValues`, which is the form's) takes the focus and every field
 * shows its message; else formik submits. `formProps` go on the <form> (AuthForm): its ref finds
 * the fields, and its first focus fetches the rules (lib/form-rules.ts).
 */
export function useCheckedForm<Values extends FormikValues>(config: CheckedFormConfig<Values>) {
  const ref = useRef<HTMLFormElement>(null);
  const schemas = useFormSchemas();
  const formik = useFormik<Values>(config);
  const fields = Object.keys(config.initialValues) as (keyof Values & string)[];

  const submit = async () => {
    const errors = await formik.validateForm();
    if (focusFirstInvalid(ref.current, fields, errors)) {
      void formik.setTouched(
        Object.fromEntries(fields.map((field) => [field, true])) as FormikTouched<Values>,
      );
      return;
    }
    await formik.submitForm();
  };

  return { formik, submit, formProps: { ref, onFocus: schemas.onFocus } };
}
