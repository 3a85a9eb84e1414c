export { agendaCalendarLoader as loader } from '~/doors/events.server'
