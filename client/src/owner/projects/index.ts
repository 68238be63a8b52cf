/** The projects he shows on the site: the list, a project's page and its form. */
export { EditProjectPage, NewProjectPage } from './project-form';
export { ProjectPage, ProjectsPage } from './projects-page';
