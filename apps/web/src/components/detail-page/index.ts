// The detail-page frame (issue 36): every admin detail page draws its title, back link, actions and sections through these.
export { DetailPage } from './detail-page';
export { DetailActions } from './detail-actions';
export { EditPage } from './edit-page';
export { Field, FieldGrid } from './field-grid';
export { SectionCard } from '../ui/section-card';
export { PersonEmail, PersonHeader } from './person-header';
